import { describe, expect, it } from "vitest";
import { duelCommandView, duelOutcome, duelView as playerView, type DuelCard, type DuelState } from "../../src/index.js";
import { activeOf, ammo, card, cards, dplay, dplayAll, drefuse, dresolve, droll, dstop, duel, pick, rolled, up } from "./helpers.js";

/** a's turn ends in a duel: two gatling, two dynamite, an arrow (no other choice). */
function inDuel(extras: Parameters<typeof duel>[0] = {}, seed = 1): DuelState {
  const s = rolled(duel(extras, { seed }), ["gatling", "gatling", "dynamite", "arrow", "dynamite"]);
  expect(s.phase).toBe("duel");
  return s;
}

describe("R8.9 the duel starts", () => {
  it("R8.9 two or more gatling dice in the final result start one duel, which waits for both players", () => {
    const s = inDuel();
    expect(s.duel).toEqual({ starter: 0, round: 1, picks: [null, null] });
    expect(playerView(s, { kind: "spectator" }).waitingFor).toEqual(["a", "b"]);
  });

  it("R8.9 one gatling starts no duel; a beer changed into a second gatling does", () => {
    const one = dplayAll(duel(), [[droll("a"), ["gatling", "arrow", "dynamite", "arrow", "dynamite"]], [dstop("a")]]).state;
    expect(activeOf(one)).toBe("b");
    const s = rolled(duel(), ["gatling", "beer", "dynamite", "arrow", "dynamite"]);
    const after = dplay(s, dresolve("a", { changes: [{ beer: 1, die: 3, face: "gatling" }] })).state;
    expect(after.phase).toBe("duel");
  });

  it("R8.9 each pick is the player's own: either may pick first, and the other still waits", () => {
    const s = dplay(inDuel(), pick("b", "renegade")).state;
    expect(s.phase).toBe("duel");
    expect(playerView(s, { kind: "player", id: "a" }).waitingFor).toEqual(["a"]);
  });
});

describe("R8.9 blocks and effects", () => {
  it("R8.9 sheriff blocks outlaw, outlaw blocks renegade, renegade blocks sheriff; equal cards play again", () => {
    const table: [DuelCard, DuelCard, string][] = [
      ["outlaw", "sheriff", "blocked"],
      ["renegade", "outlaw", "blocked"],
      ["sheriff", "renegade", "blocked"],
      ["outlaw", "renegade", "effect"],
      ["renegade", "sheriff", "effect"],
      ["sheriff", "outlaw", "effect"],
      ["sheriff", "sheriff", "again"],
      ["outlaw", "outlaw", "again"],
      ["renegade", "renegade", "again"],
    ];
    for (const [starter, other, outcome] of table) expect(duelOutcome(starter, other), `${starter} vs ${other}`).toBe(outcome);
  });

  it("R8.9 a blocked card has no effect and the turn passes", () => {
    const s = dplayAll(inDuel({ b: { ammo: 5 } }), [[pick("a", "renegade")], [pick("b", "outlaw")]]);
    expect(s.events).toContainEqual(expect.objectContaining({ type: "duelRevealed", outcome: "blocked" }));
    expect(ammo(s.state, "b")).toBe(5);
    expect(activeOf(s.state)).toBe("b");
  });

  it("R8.9 only the starter's card takes effect: the other player's outlaw against the starter's sheriff does nothing to the starter", () => {
    const s = dplayAll(inDuel({ a: { destroyed: [card("near", 0)] } }), [[pick("a", "sheriff")], [pick("b", "outlaw")]]).state;
    expect(cards(s, "a")).toBe(8);
    expect(cards(s, "b")).toBe(8);
  });

  it("R8.9 renegade steals all the opponent's ammo", () => {
    const { state, events } = dplayAll(inDuel({ b: { ammo: 6 } }), [[pick("a", "renegade")], [pick("b", "sheriff")]]);
    expect(ammo(state, "b")).toBe(0);
    expect(ammo(state, "a")).toBe(3 + 2 + 6); // 3, +2 gatling rolled (R8.3), +6 stolen
    expect(events).toContainEqual({ type: "ammoStolen", player: "a", from: "b", amount: 6 });
  });

  it("R8.9 sheriff restores 2 of the starter's cards in any columns, the starter choosing (phase duelEffect)", () => {
    const lost = [card("near", 0), card("far", 0), card("far", 2)];
    const s = dplayAll(inDuel({ a: { destroyed: lost } }), [[pick("a", "sheriff")], [pick("b", "outlaw")]]).state;
    // sheriff vs outlaw: sheriff is not blocked (outlaw blocks renegade).
    expect(s.phase).toBe("duelEffect");
    expect(playerView(s, { kind: "player", id: "a" }).waitingFor).toEqual(["a"]);
    expect(drefuse(s, { type: "effect", by: "a", cards: [card("near", 1), card("far", 0)] }).code).toBe("INVALID_TARGET");
    expect(drefuse(s, { type: "effect", by: "a", cards: [card("far", 0)] }).code).toBe("INVALID_COMMAND");
    expect(drefuse(s, { type: "effect", by: "b", cards: [card("near", 0), card("far", 0)] }).code).toBe("NOT_YOUR_TURN");
    const after = dplay(s, { type: "effect", by: "a", cards: [card("near", 0), card("far", 0)] }).state;
    expect(up(after, "a", card("near", 0)) && up(after, "a", card("far", 0))).toBe(true);
    expect(up(after, "a", card("far", 2))).toBe(false);
    expect(activeOf(after)).toBe("b");
  });

  it("R8.9 sheriff with 2 or fewer destroyed cards restores them all at once", () => {
    const s = dplayAll(inDuel({ a: { destroyed: [card("far", 3)] } }), [[pick("a", "sheriff")], [pick("b", "outlaw")]]).state;
    expect(cards(s, "a")).toBe(8);
    expect(s.phase).toBe("rolling");
  });

  it("R8.9 outlaw destroys 2 opponent cards of the starter's choice", () => {
    const s = dplayAll(inDuel(), [[pick("b", "renegade")], [pick("a", "outlaw")]]).state;
    expect(s.phase).toBe("duelEffect");
    expect(s.effect).toEqual({ card: "outlaw", count: 2 });
    const after = dplay(s, { type: "effect", by: "a", cards: [card("near", 1), card("far", 1)] }).state;
    expect(cards(after, "b")).toBe(6);
    expect(up(after, "b", card("far", 1))).toBe(false);
  });

  it("R8.9 outlaw against an opponent with 2 cards left destroys both, and the opponent loses (R8.10)", () => {
    const six = (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => card(row, column))).slice(2);
    const s = dplayAll(inDuel({ b: { destroyed: six } }), [[pick("a", "outlaw")], [pick("b", "renegade")]]).state;
    expect(s.phase).toBe("gameOver");
    expect(s.winner).toEqual({ team: "duel", players: ["a"] });
  });

  it("R8.9 equal cards play the duel again, with the same starter; the second play decides", () => {
    let s = dplayAll(inDuel(), [[pick("a", "outlaw")], [pick("b", "outlaw")]]).state;
    expect(s.phase).toBe("duel");
    expect(s.duel).toEqual({ starter: 0, round: 2, picks: [null, null] });
    expect(s.lastDuel).toEqual({ starter: "a", round: 1, picks: [{ player: "a", card: "outlaw" }, { player: "b", card: "outlaw" }], outcome: "again" });
    s = dplayAll(s, [[pick("b", "sheriff")], [pick("a", "renegade")]]).state;
    expect(s.lastDuel?.outcome).toBe("effect");
    expect(ammo(s, "b")).toBe(0);
  });
});

describe("R8.9 secret simultaneous choice", () => {
  it("R8.9 neither player may see the other's pick before both picked: views of the opponent and spectators hide it, the picker and admins see it", () => {
    const s = dplay(inDuel(), pick("a", "sheriff")).state;
    const hidden = (id: "b" | null) => playerView(s, id ? { kind: "player", id } : { kind: "spectator" });
    for (const v of [hidden("b"), hidden(null)]) {
      expect(v.duel!.picks).toEqual([{ player: "a", picked: true, card: null }, { player: "b", picked: false, card: null }]);
      expect(JSON.stringify(v)).not.toContain("sheriff");
    }
    expect(playerView(s, { kind: "player", id: "a" }).duel!.picks[0]!.card).toBe("sheriff");
    expect(playerView(s, { kind: "admin" }).duel!.picks[0]!.card).toBe("sheriff");
  });

  it("R8.9 the pick command itself is shown without its card to the other player until the reveal, then in full", () => {
    const first = { type: "pick", card: "outlaw" } as const;
    const s = dplay(inDuel(), pick("a", "outlaw")).state;
    expect(duelCommandView(s, first, "a", { kind: "player", id: "b" })).toEqual({ type: "pick" });
    expect(duelCommandView(s, first, "a", { kind: "spectator" })).toEqual({ type: "pick" });
    expect(duelCommandView(s, first, "a", { kind: "player", id: "a" })).toEqual(first);
    const revealed = dplay(s, pick("b", "renegade")).state;
    expect(duelCommandView(revealed, { type: "pick", card: "renegade" }, "b", { kind: "player", id: "a" })).toEqual({ type: "pick", card: "renegade" });
  });

  it("R8.9 the events of a pick carry no card; the reveal carries both", () => {
    const one = dplay(inDuel(), pick("a", "outlaw"));
    expect(one.events).toEqual([{ type: "duelPicked", player: "a", timedOut: false }]);
    const two = dplay(one.state, pick("b", "sheriff"));
    expect(two.events[1]).toEqual({ type: "duelRevealed", starter: "a", round: 1, picks: [{ player: "a", card: "outlaw" }, { player: "b", card: "sheriff" }], outcome: "blocked" });
  });

  it("R8.9 a second pick is ALREADY_PICKED and a pick outside a duel is WRONG_PHASE; nothing changes", () => {
    const s = dplay(inDuel(), pick("a", "outlaw")).state;
    expect(drefuse(s, pick("a", "sheriff")).code).toBe("ALREADY_PICKED");
    expect(drefuse(s, { type: "pickTimeout", by: "a" }).code).toBe("ALREADY_PICKED");
    expect(drefuse(duel(), pick("a", "outlaw")).code).toBe("WRONG_PHASE");
    expect(drefuse(duel(), pick("b", "outlaw")).code).toBe("WRONG_PHASE");
    expect(drefuse(s, droll("a")).code).toBe("WRONG_PHASE");
    expect(drefuse(s, { type: "pick", by: "b", card: "deputy" as never }).code).toBe("INVALID_COMMAND");
  });

  it("R8.9 a player who does not pick in time gets a card drawn from the game's seeded source: the same seed gives the same card", () => {
    const timedOut = (seed: number) => {
      const s = inDuel({}, seed);
      const out = dplay(s, { type: "pickTimeout", by: "b" });
      expect(out.events).toEqual([{ type: "duelPicked", player: "b", timedOut: true }]);
      expect(out.state.rng).not.toEqual(s.rng);
      return out.state.duel!.picks[1];
    };
    const cardsDrawn = Array.from({ length: 30 }, (_, seed) => timedOut(seed));
    expect(new Set(cardsDrawn)).toEqual(new Set(["sheriff", "outlaw", "renegade"]));
    expect(Array.from({ length: 30 }, (_, seed) => timedOut(seed))).toEqual(cardsDrawn);
  });
});
