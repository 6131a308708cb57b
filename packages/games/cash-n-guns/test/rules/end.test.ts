import { describe, expect, it } from "vitest";
import { cashNGuns, diamondBonusHolder, lootTotal, paintingValue, richest, score, type CngPlayer, type LootCard } from "./imports.js";
import { play, round, table, take } from "./helpers.js";

const p = (id: string, loot: LootCard[], over: Partial<CngPlayer> = {}): CngPlayer => ({ id, alive: true, wounds: 0, status: "standing", hand: { click: 0, bang: 0 }, discard: { click: 5, bang: 3 }, loot, bullet: null, shown: false, aimed: false, aim: null, courage: null, woundedNow: false, ...over });

describe("F7: end of the game and scoring", () => {
  it("F7.6, F10.3: paintings are worth 0, 4k, 12k, 30k, 60k, 100k, 150k, 200k, 300k, 400k, 500k", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(paintingValue)).toEqual([0, 4_000, 12_000, 30_000, 60_000, 100_000, 150_000, 200_000, 300_000, 400_000, 500_000]);
  });

  it("F7.5: a total is bills and diamonds at face value, paintings as a set, the bonus; clips and kits count 0", () => {
    expect(lootTotal(["bill_20000", "diamond_10000", "painting", "painting"], false)).toBe(42_000);
    expect(lootTotal(["bill_5000"], true)).toBe(65_000);
  });

  it("F7.4, F10.13: the diamond bonus goes to strictly the most diamond cards (not value); a tie or zero gives it to nobody", () => {
    expect(diamondBonusHolder([p("a", ["diamond_1000", "diamond_1000"]), p("b", ["diamond_10000"])])).toBe("a");
    expect(diamondBonusHolder([p("a", ["diamond_1000"]), p("b", ["diamond_10000"])])).toBeNull();
    expect(diamondBonusHolder([p("a", []), p("b", [])])).toBeNull();
  });

  it("F7.4, F10.5: a dead player's diamonds and loot count for nothing", () => {
    const players = [p("a", ["diamond_1000"]), p("b", ["diamond_1000", "diamond_5000"], { alive: false })];
    expect(diamondBonusHolder(players)).toBe("a");
    expect(score(players).totals).toEqual({ a: 61_000 });
  });

  it("F7.7, F10.14: the richest living player wins; a tie goes to the most wounds; still tied, a shared victory", () => {
    expect(richest([p("a", ["bill_20000"]), p("b", ["bill_10000"])], { a: 20_000, b: 10_000 })).toEqual(["a"]);
    expect(richest([p("a", [], { wounds: 1 }), p("b", [], { wounds: 2 })], { a: 5, b: 5 })).toEqual(["b"]);
    expect(richest([p("a", [], { wounds: 1 }), p("b", [], { wounds: 1 })], { a: 5, b: 5 })).toEqual(["a", "b"]);
  });

  it("F7.3, F5.6: the game ends when the sharing of round 8 is over, by richest", () => {
    const s0 = table(4, { round: 8, players: ["a", "b", "c", "d"].map((id) => ({ id, hand: { click: 1, bang: 0 } })) });
    let s = round(s0, {}, { a: "b", b: "c", c: "d", d: "a" }, ["b", "c", "d"]).state;
    for (let k = 0; k < 8; k++) s = play(s, take("a", s.table[0]!)).state;
    expect(s.phase).toBe("game_over");
    expect(s.winner).toEqual({ players: ["a"], reason: "richest" });
    expect(s.scoring!.totals.a).toBe(lootTotal(s.players[0]!.loot, s.scoring!.diamondBonus === "a"));
  });

  it("F7, F7.7, F10.14: tournament points follow the final ranking: a point per gangster placed below, the dead last and tied, a shared victory tied", () => {
    const s0 = table(6);
    const finished = (players: CngPlayer[], winners: string[], totals: Record<string, number>) => ({
      ...s0,
      phase: "game_over" as const,
      players,
      winner: { players: winners, reason: "richest" as const },
      scoring: { totals, diamondBonus: null },
    });
    // a and b share the victory (same total, same wounds); c is richer than d, which ties e on total
    // but has more wounds (ranked first, F10.14); f is dead.
    const shared = finished(
      [p("a", []), p("b", []), p("c", [], { wounds: 1 }), p("d", [], { wounds: 2 }), p("e", [], { wounds: 1 }), p("f", [], { alive: false, wounds: 3 })],
      ["a", "b"],
      { a: 40_000, b: 40_000, c: 30_000, d: 20_000, e: 20_000 },
    );
    const r = cashNGuns.result(shared)!;
    expect(r.ranking.map((side) => [side.team, side.place])).toEqual([["a", 1], ["b", 1], ["c", 3], ["d", 4], ["e", 5], ["f", 6]]);
    expect(r.scores).toEqual({ a: 4, b: 4, c: 3, d: 2, e: 1, f: 0 });
    // Two dead share the last place and score nothing; the poorest living player beats them both.
    const deaths = finished(
      [p("a", []), p("b", []), p("c", [], { alive: false, wounds: 3 }), p("d", [], { alive: false, wounds: 4 })],
      ["a"],
      { a: 10_000, b: 5_000 },
    );
    expect(cashNGuns.result(deaths)!.scores).toEqual({ a: 3, b: 2, c: 0, d: 0 });
  });
});
