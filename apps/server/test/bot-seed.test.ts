/**
 * games/bot-seed.ts: the server's bots draw from keys derived from the game's secret key, so that
 * replaying a bot from public data (the game id, its seat) with each candidate role cannot single out
 * its role (R1.2) or foresee its secret duel pick (R8.9).
 */
import type { GameSetup } from "@bang/game-dice";
import { describe, expect, it } from "vitest";
import { botSeed } from "../src/games/bot-seed.js";

const KEY = "5f".repeat(32);
const keyed: GameSetup = { players: [{ id: "a" }, { id: "b" }, { id: "c" }], seed: KEY };

describe("botSeed", () => {
  it("R1.2 in a game with a key seed: a key of its own per seat and per stand-in, stable, and not from the game id", () => {
    const seats = [0, 1, 2].map((seat) => botSeed(keyed, "game-1", { seat }));
    for (const s of seats) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seats).size).toBe(3);
    expect(seats).not.toContain(KEY);
    expect(botSeed(keyed, "game-1", { seat: 1 })).toBe(seats[1]); // a restored room's bots draw the same
    // The game id is public: it changes nothing. The key is secret: it changes everything.
    expect(botSeed(keyed, "another-id", { seat: 1 })).toBe(seats[1]);
    expect(botSeed({ ...keyed, seed: "60".repeat(32) }, "game-1", { seat: 1 })).not.toBe(seats[1]);
    const standIn = botSeed(keyed, "game-1", { standIn: "a" });
    expect(standIn).toMatch(/^[0-9a-f]{64}$/);
    expect([...seats, botSeed(keyed, "game-1", { standIn: "b" })]).not.toContain(standIn);
  });

  it("a game with a 32-bit seed (stored before keys) keeps its bots' 31-bit seeds", () => {
    const legacy: GameSetup = { ...keyed, seed: 1234 };
    // FNV-1a of the id with the seat (or the stand-in's id length) as the basis, halved to 31 bits.
    const fnv = (id: string, salt: number) => {
      let h = 2166136261 ^ salt;
      for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
      return h >>> 1;
    };
    expect(botSeed(legacy, "game-1", { seat: 2 })).toBe(fnv("game-1", 2));
    expect(botSeed(legacy, "game-1", { standIn: "abc" })).toBe(fnv("game-1", 3));
  });
});
