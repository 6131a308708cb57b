import { createHmac } from "node:crypto";
import type { Seed, SetupBase } from "@bang/game-core";

/**
 * The seed of a bot of a game: the seat's bot (`salt` "seat:<index>") or the bot standing in for an
 * absent player ("standin:<playerId>").
 *
 * A game dealt from a secret key (the server's: a 64-hex-digit seed) gives its bots keys of their own,
 * HMAC-SHA256(game key, salt): they are as secret as the game's, so a bot's choices tell a watcher
 * nothing. A seed built from public data (the game id) would let anyone replay the bot with each
 * secret it might hold and keep the one that makes its moves, or foresee its secret choices. Games with a 32-bit seed (older
 * or local games) keep the old 31-bit hash of the game id and the seat.
 */
export function botSeed(setup: SetupBase, gameId: string, salt: { seat: number } | { standIn: string }): Seed {
  if (typeof setup.seed === "string") {
    const label = "seat" in salt ? `seat:${salt.seat}` : `standin:${salt.standIn}`;
    return createHmac("sha256", Buffer.from(setup.seed, "hex")).update(label).digest("hex");
  }
  return legacyHash(gameId, "seat" in salt ? salt.seat : salt.standIn.length);
}

/** The 31-bit FNV-1a hash of the game id with a salt (the bot seed of games with a 32-bit seed). */
function legacyHash(gameId: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < gameId.length; i++) h = Math.imul(h ^ gameId.charCodeAt(i), 16777619);
  return h >>> 1;
}
