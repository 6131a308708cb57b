import { describe, expect, it } from "vitest";
import { baseDistance, distance, reachOf, type TableSeat } from "../../src/index.js";
import { position, refused, run, seats } from "./helpers.js";

const table = (over: Partial<Record<string, Partial<TableSeat>>> = {}, n = 6): TableSeat[] =>
  Array.from({ length: n }, (_, i) => ({ id: "abcdefg"[i]!, character: "black_jack", life: 4, maxLife: 4, alive: true, inPlay: [], handSize: 0, ...over["abcdefg"[i]!] }) as TableSeat);

describe("E4 distance and reach", () => {
  it("E4.1, E1.5: fewest seats either way, counting only players in the game", () => {
    const t = table();
    expect([baseDistance(t, "a", "b"), baseDistance(t, "a", "c"), baseDistance(t, "a", "d"), baseDistance(t, "a", "f")]).toEqual([1, 2, 3, 1]);
    const dead = table({ b: { alive: false } });
    expect(baseDistance(dead, "a", "c")).toBe(1);
  });

  it("E4.2, E6.2, E6.3, E10.9, E10.11: Mustang and Paul Regret +1, Scope and Rose Doolan -1, never below 1, not symmetric", () => {
    const t = table({ b: { inPlay: ["mustang_8h"] }, c: { character: "paul_regret", inPlay: ["mustang_9h"] }, d: { character: "rose_doolan", inPlay: ["scope_as"] } });
    expect(distance(t, "a", "b")).toBe(2);
    expect(distance(t, "b", "a")).toBe(1);
    expect(distance(t, "a", "c")).toBe(4);
    expect(distance(t, "d", "a")).toBe(1);
    expect(distance(t, "d", "e")).toBe(1);
  });

  it("E4.3: reach of each weapon; colt_45 without one", () => {
    const reach = (card?: string) => reachOf({ inPlay: card ? [card] : [] });
    expect([reach(), reach("volcanic_10s"), reach("schofield_jc"), reach("remington_kc"), reach("rev_carabine_ac"), reach("winchester_8s")]).toEqual([1, 1, 2, 3, 4, 5]);
  });

  it("E4.4: a BANG! beyond reach is OUT_OF_RANGE; a Panic! needs distance 1 whatever the weapon", () => {
    const s = position({ players: seats({ a: { hand: ["bang_ad", "panic_8d"], inPlay: ["winchester_8s"] }, b: { hand: ["missed_2s"], inPlay: ["mustang_8h"] }, c: { hand: ["beer_6h"] } }) });
    refused(s, { type: "play", by: "a", card: "panic_8d", target: "b" }, "OUT_OF_RANGE");
    refused(s, { type: "play", by: "a", card: "panic_8d", target: "c" }, "OUT_OF_RANGE");
    const after = run(s, { type: "play", by: "a", card: "bang_ad", target: "c" });
    expect(after.players[2]!.life).toBe(3);
  });
});
