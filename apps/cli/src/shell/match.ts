import type { AnyGameModule, Bot, BotKind, CommandBase, PlayerId, SetupBase, ViewBase } from "@bang/game-core";

/** Seat ids p1..pN, clockwise: the ids of a local table, and of a server's table in the terminal. */
export function seatIds(players: number): PlayerId[] {
  return Array.from({ length: players }, (_, i) => `p${i + 1}`);
}

/** A new table of `players` seats of `module`, dealt from `seed` (no position chosen, no table options). */
export function tableSetup(module: AnyGameModule, players: number, seed: number): SetupBase {
  return module.setupFor({ players: seatIds(players), seed, options: {} });
}

/**
 * One bot of `module` per seat of a table, each with its own seed derived from the game's seed and its
 * seat, so that a game is reproducible from its seed alone.
 */
export function seatBots(module: AnyGameModule, kind: BotKind, setup: SetupBase): Map<PlayerId, Bot<ViewBase, CommandBase>> {
  // A local game is no secret from the one who runs it: a key seed (a server's game log) gives its first
  // 32 bits; the server itself derives its bots' keys with HMAC (apps/server games/bot-seed.ts).
  const seed = typeof setup.seed === "string" ? Number.parseInt(setup.seed.slice(0, 8), 16) | 0 : (setup.seed ?? 0);
  return new Map(setup.players.map((seat, i) => [seat.id, module.bots[kind]((Math.imul(seed, 31) + i + 1) | 0)]));
}
