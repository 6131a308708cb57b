import { createBot, type Bot, type BotKind } from "@bang/bots";
import type { ClassicSetup, GameSetup, PlayerId } from "@bang/engine";

export const BOT_KINDS: readonly BotKind[] = ["heuristic", "random"];

/** Seat ids p1..pN, clockwise. */
export function seatIds(players: number): PlayerId[] {
  return Array.from({ length: players }, (_, i) => `p${i + 1}`);
}

/** A new classic table of `players` seats whose roles and characters the engine deals from `seed`. */
export function tableSetup(players: number, seed: number): ClassicSetup & { mode: "classic" } {
  return { mode: "classic", players: seatIds(players).map((id) => ({ id })), seed };
}

/**
 * One bot per seat of a table, each with its own seed derived from the game's seed and its seat, so
 * that a game is reproducible from its seed alone.
 */
export function seatBots(kind: BotKind, setup: GameSetup): Map<PlayerId, Bot> {
  // A local game is no secret from the one who runs it: a key seed (a server's game log) gives its first
  // 32 bits; the server itself derives its bots' keys with HMAC (apps/server games/bot-seed.ts).
  const seed = typeof setup.seed === "string" ? Number.parseInt(setup.seed.slice(0, 8), 16) | 0 : (setup.seed ?? 0);
  return new Map(setup.players.map((seat, i) => [seat.id, createBot(kind, (Math.imul(seed, 31) + i + 1) | 0)]));
}
