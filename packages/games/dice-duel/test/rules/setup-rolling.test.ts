import { describe, expect, it } from "vitest";
import { createGame, type GameSetup } from "@bang/game-dice";
import { createDuel, duelView as playerView, type DuelSetup, type DuelState } from "../../src/index.js";
import { activeOf, ammo, cards, dplay, dplayAll, drefuse, dreroll, droll, dstop, duel } from "./helpers.js";

describe("R8.1 duel setup", () => {
  it("R8.1 each player starts with a hideout of 8 standing cards in a near and a far row of 4, and 3 ammo", () => {
    const s = duel();
    expect(s.players).toHaveLength(2);
    for (const p of s.players) {
      expect(p.hideout).toEqual({ near: [true, true, true, true], far: [true, true, true, true] });
      expect(p.ammo).toBe(3);
    }
    expect(s.phase).toBe("rolling");
    expect(s.maxRolls).toBe(3);
  });

  it("R8.1 the starting player is drawn from the seeded generator: both seats start in some seeds, and a seed always gives the same one", () => {
    const starter = (seed: number) => activeOf(duel({}, { seed, turn: null }));
    const starters = new Set(Array.from({ length: 40 }, (_, seed) => starter(seed)));
    expect(starters).toEqual(new Set(["a", "b"]));
    for (let seed = 0; seed < 10; seed++) expect(starter(seed)).toBe(starter(seed));
  });

  it("R8.1 a duel has exactly 2 players; the dice game's fields and bad hideouts are INVALID_SETUP naming the field", () => {
    const refused = (setup: unknown) => {
      const r = createDuel(setup as DuelSetup);
      if (r.ok) throw new Error("accepted");
      expect(r.error.code).toBe("INVALID_SETUP");
      return r.error.message;
    };
    expect(refused({ players: [{ id: "a" }] })).toMatch(/^players: a duel has exactly 2/);
    expect(refused({ players: [{ id: "a" }, { id: "b" }, { id: "c" }] })).toMatch(/exactly 2/);
    expect(refused({ players: [{ id: "a", role: "sheriff" }, { id: "b" }] })).toMatch(/^players\[0\]\.role/);
    expect(refused({ players: [{ id: "a" }, { id: "b", ammo: -1 }] })).toMatch(/^players\[1\]\.ammo/);
    expect(refused({ players: [{ id: "a", destroyed: [{ row: "near", column: 4 }] }, { id: "b" }] })).toMatch(/^players\[0\]\.destroyed\[0\]/);
    const all = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => ({ row, column })));
    expect(refused({ players: [{ id: "a", destroyed: all }, { id: "b" }] })).toMatch(/no card left/);
    expect(refused({ players: [{ id: "a" }, { id: "b" }], arrowsInPile: 9 })).toMatch(/^arrowsInPile/);
    // and the other way round: the dice game refuses a duel seat's field.
    const dice = createGame({ players: [{ id: "a", ammo: 2 }, { id: "b" }, { id: "c" }] } as unknown as GameSetup);
    expect(dice.ok ? "accepted" : `${dice.error.code} ${dice.error.message}`).toMatch(/^INVALID_SETUP players\[0\]\.ammo/);
  });

  it("R8.1 a seed that is neither a 32-bit integer nor 64 lower-case hex digits is INVALID_SETUP naming it; a key seed deals", () => {
    const KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    for (const seed of ["", "abc", KEY.slice(1), KEY.toUpperCase(), `${KEY}0`, 1.5, 2 ** 31]) {
      const made = createDuel({ players: [{ id: "a" }, { id: "b" }], seed: seed as never });
      expect(made.ok ? "accepted" : `${made.error.code} ${made.error.message}`).toMatch(/^INVALID_SETUP seed: /);
    }
    expect(createDuel({ players: [{ id: "a" }, { id: "b" }], seed: KEY }).ok).toBe(true);
  });

  it("R8.1 a chosen position: destroyed cards and ammo are taken as given", () => {
    const s = duel({ b: { ammo: 0, destroyed: [{ row: "far", column: 2 }] } });
    expect(cards(s, "b")).toBe(7);
    expect(ammo(s, "b")).toBe(0);
    expect(s.players[1]!.hideout.far).toEqual([true, true, false, true]);
  });
});

describe("R8.2 rolling", () => {
  it("R8.2 three rolls in all: after the third, rolling ends by itself (R2.1, R2.7)", () => {
    const s = dplayAll(duel(), [
      [droll("a"), ["arrow", "beer", "1", "2", "dynamite"]],
      [dreroll("a", [0, 1]), ["arrow", "gatling"]],
      [dreroll("a", [0, 1]), ["1", "2"]],
    ]).state;
    // No beer left, a's shots resolve as soon as rolling ends... they need targets: resolving.
    expect(s.rolls).toBe(3);
    expect(s.phase).toBe("resolving");
    expect(drefuse(s, dreroll("a", [0])).code).toBe("WRONG_PHASE");
  });

  it("R8.2 a die showing dynamite is locked (R2.3): DIE_LOCKED, nothing changes", () => {
    const s = dplay(duel(), droll("a"), ["dynamite", "beer", "1", "2", "arrow"]).state;
    expect(drefuse(s, dreroll("a", [0, 1])).code).toBe("DIE_LOCKED");
  });

  it("R8.2 any other die may be rerolled, also one kept on the previous roll (R2.2)", () => {
    const { state, events } = dplayAll(duel(), [
      [droll("a"), ["arrow", "beer", "1", "2", "arrow"]],
      [dreroll("a", [0]), ["arrow"]],
      [dreroll("a", [0, 1, 2, 3]), ["arrow", "arrow", "arrow", "arrow"]],
    ]);
    expect(events).toContainEqual({ type: "rollingEnded", player: "a", dice: ["arrow", "arrow", "arrow", "arrow", "arrow"] });
    // Five arrows and a full hideout leave no choice: resolved at once, b's turn (SCENARIOS.md).
    expect(activeOf(state)).toBe("b");
  });

  it("R8.2 three dynamite explode: rolling ends at once, no reroll (R2.6)", () => {
    const s = dplay(duel(), droll("a"), ["dynamite", "dynamite", "dynamite", "1", "arrow"]).state;
    expect(s.exploded).toBe(true);
    expect(s.phase).toBe("resolving");
    expect(drefuse(s, dreroll("a", [3])).code).toBe("WRONG_PHASE");
  });

  it("R8.2 only the active player rolls: NOT_YOUR_TURN; a stop before the first roll is WRONG_PHASE", () => {
    const s = duel();
    expect(drefuse(s, droll("b")).code).toBe("NOT_YOUR_TURN");
    expect(drefuse(s, dstop("a")).code).toBe("WRONG_PHASE");
  });
});

describe("R8.3 ammo from gatling faces", () => {
  it("R8.3 each gatling face rolled gives 1 ammo at once, on the first roll and on rerolls", () => {
    let s: DuelState = duel({ a: { ammo: 0 } });
    const first = dplay(s, droll("a"), ["gatling", "gatling", "arrow", "beer", "dynamite"]);
    s = first.state;
    expect(ammo(s, "a")).toBe(2);
    expect(first.events).toContainEqual({ type: "ammoGained", player: "a", amount: 2, ammo: 2 });
    // The gatling dice may be rerolled (R8.3); a gatling shown again gives 1 more.
    s = dplay(s, dreroll("a", [0, 1]), ["gatling", "arrow"]).state;
    expect(ammo(s, "a")).toBe(3);
    expect(ammo(s, "b")).toBe(3);
  });

  it("R8.3 ammo gained from a rerolled gatling stays, even when the final dice show no gatling", () => {
    const s = dplayAll(duel({ a: { ammo: 0 } }), [
      [droll("a"), ["gatling", "arrow", "arrow", "arrow", "dynamite"]],
      [dreroll("a", [0]), ["dynamite"]],
    ]).state;
    expect(s.dice.includes("gatling")).toBe(false);
    expect(ammo(s, "a")).toBe(1);
  });

  it("R8.3 ammo is public in every view", () => {
    const s = dplay(duel(), droll("a"), ["gatling", "arrow", "arrow", "beer", "dynamite"]).state;
    expect(playerView(s, { kind: "spectator" }).players.map((p) => p.ammo)).toEqual([4, 3]);
  });
});
