/**
 * Key seeds in the dice game (R1.2 roles are dealt at random and are secret): a game seeded with 64 hex
 * digits is dealt from the ChaCha20 keystream of that key (game-core's key-seed test pins the
 * generator). The same key deals the same game, another key another game, and no view shows the key or
 * the generator's state.
 */
import { describe, expect, it } from "vitest";
import { isSeed } from "@bang/game-core";
import { createGame, playerView } from "../../src/index.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
const KEY_A = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const KEY_B = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeef0";

describe("key seeds (R1.2 secret deal)", () => {
  it("R1.2 a key seed deals the same game every time, and another key another game", () => {
    const deal = (seed: string) => {
      const made = createGame({ players: ids(8), seed });
      if (!made.ok) throw new Error(made.error.message);
      return made.state.players.map((p) => `${p.role}/${p.character}`).join(" ");
    };
    expect(deal(KEY_A)).toBe(deal(KEY_A));
    expect(deal(KEY_A)).not.toBe(deal(KEY_B));
  });

  it("no view shows the generator's state or the seed", () => {
    const made = createGame({ players: ids(5), seed: KEY_A });
    if (!made.ok) throw new Error(made.error.message);
    for (const viewer of [{ kind: "player", id: "p1" }, { kind: "spectator" }] as const) {
      const text = JSON.stringify(playerView(made.state, viewer));
      expect(text).not.toContain(KEY_A);
      expect(text).not.toContain("chacha20");
    }
  });

  it("R1.1 a seed that is neither a 32-bit integer nor 64 lower-case hex digits is refused with INVALID_SETUP naming it", () => {
    for (const seed of ["", "abc", KEY_A.slice(1), KEY_A.toUpperCase(), `${KEY_A}0`, `g${KEY_A.slice(1)}`, 1.5, 2 ** 31]) {
      expect(isSeed(seed), String(seed)).toBe(false);
      const made = createGame({ players: ids(4), seed: seed as never });
      expect(made.ok ? "accepted" : `${made.error.code} ${made.error.message}`).toMatch(/^INVALID_SETUP seed: /);
    }
    expect(createGame({ players: ids(4), seed: KEY_A }).ok).toBe(true);
  });
});
