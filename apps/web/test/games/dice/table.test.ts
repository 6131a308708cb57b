/** The dice game's table reads (apps/web/src/games/dice: table.ts, log.ts, motion.ts, help.ts) on views the game's rules make. */
import { applyCommand, CHARACTERS, createGame, playerView, type GameEvent, type GameState } from "@bang/game-dice";
import { describe, expect, it } from "vitest";
import { CHARACTER_HELP, FACE_HELP, ROLE_HELP } from "../../../src/games/dice/help";
import { describeEvent, turnStart } from "../../../src/games/dice/log";
import { hitLines, thrownDice } from "../../../src/games/dice/motion";
import { mySeat, seatDistance, targetOf } from "../../../src/games/dice/table";

const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
  ["c", "Cid"],
  ["d", "Dan"],
  ["e", "Eve"],
]);

function game(ids = [...names.keys()], seed = 3, roles?: string[]): GameState {
  const created = createGame({ players: ids.map((id, i) => ({ id, ...(roles ? { role: roles[i] as never } : {}) })), seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

describe("seats", () => {
  it("R3.4: the distance shown is the fewest seats either way round among the living; none to a player who is out", () => {
    const s = game();
    const v = playerView(s, { kind: "player", id: "a" });
    expect(["b", "c", "d", "e"].map((id) => seatDistance(v, "a", id))).toEqual([1, 2, 2, 1]);
    s.players[1]!.alive = false;
    s.players[1]!.life = 0;
    const after = playerView(s, { kind: "player", id: "a" });
    expect(["b", "c", "d", "e"].map((id) => seatDistance(after, "a", id))).toEqual([null, 1, 2, 1]);
    expect(mySeat(after, "a")?.id).toBe("a");
    expect(mySeat(after, null)).toBeNull();
  });

  it("R7.1 R7.2: with 3 players each seat shows its target (deputy -> renegade, renegade -> outlaw, outlaw -> deputy); none with more", () => {
    const s = game(["a", "b", "c"], 4, ["outlaw", "deputy", "renegade"]);
    const v = playerView(s, { kind: "spectator" });
    expect(v.players.map((p) => targetOf(v, p)?.id)).toEqual(["b", "c", "a"]);
    const big = playerView(game(), { kind: "player", id: "a" });
    expect(big.players.map((p) => targetOf(big, p))).toEqual([null, null, null, null, null]);
  });
});

describe("help texts", () => {
  it("C1-C16 R3 R6: every character, face and role has its explanation with its rule id", () => {
    for (const c of CHARACTERS) expect(CHARACTER_HELP[c].rule).toBe(`C${CHARACTERS.indexOf(c) + 1}`);
    for (const h of [...Object.values(FACE_HELP), ...Object.values(ROLE_HELP)]) expect(h.rule).toMatch(/^R\d/);
  });
});

describe("the event log", () => {
  const events: GameEvent[] = [
    { type: "turnStarted", player: "a", turn: 3 },
    { type: "diceRolled", player: "b", roll: 1, indexes: [0, 1, 2, 3, 4], faces: ["beer", "1", "arrow", "arrow", "gatling"], dice: ["beer", "1", "arrow", "arrow", "gatling"] },
    { type: "diceRolled", player: "b", roll: 2, indexes: [0, 4], faces: ["2", "dynamite"], dice: ["2", "1", "arrow", "arrow", "dynamite"] },
    { type: "arrowTaken", player: "c", arrowsInPile: 4 },
    { type: "indianAttack", losses: [{ player: "a", life: 2 }, { player: "b", life: 0 }] },
    { type: "dynamiteExploded", player: "b" },
    { type: "rollingEnded", player: "b", dice: ["2", "1", "arrow", "arrow", "dynamite"] },
    { type: "lifeLost", player: "c", amount: 2, cause: "shot", by: "a" },
    { type: "lifeLost", player: "c", amount: 1, cause: "gatling", by: "a" },
    { type: "lifeLost", player: "c", amount: 1, cause: "dynamite", by: null },
    { type: "lifeLost", player: "c", amount: 1, cause: "indianAttack", by: null },
    { type: "lifeGained", player: "d", amount: 1, cause: "beer" },
    { type: "lifeGained", player: "d", amount: 1, cause: "sid_ketchum" },
    { type: "lifeGained", player: "d", amount: 2, cause: "suzy_lafayette" },
    { type: "lifeGained", player: "d", amount: 2, cause: "vulture_sam" },
    { type: "arrowsReturned", player: "e", count: 3, reason: "gatling" },
    { type: "arrowsReturned", player: "e", count: 1, reason: "kit_carlson" },
    { type: "arrowsReturned", player: "e", count: 1, reason: "pedro_ramirez" },
    { type: "arrowsReturned", player: "e", count: 2, reason: "eliminated" },
    { type: "arrowsReturned", player: "e", count: 2, reason: "indianAttack" },
    { type: "reactionRequested", player: "b", max: 2 },
    { type: "reacted", player: "b", arrows: 1 },
    { type: "gatlingFired", player: "a" },
    { type: "eliminated", player: "b", role: "outlaw", by: "a" },
    { type: "turnEnded", player: "a" },
    { type: "gameOver", winner: { team: "law", players: ["a", "d"] } },
  ];

  it("R2 R3 R4 R5 R6 C1 C7 C10 C12 C14 C15: every event is a plain sentence with names, never a raw id or a code word", () => {
    for (const e of events) {
      const line = describeEvent(e, names);
      expect(line, e.type).toMatch(/^[A-Z].*[.!]$/);
      expect(line, e.type).not.toMatch(/\(\w+\)|_|indianAttack|\b[a-e]\b(?! [a-z])/);
    }
    expect(describeEvent(events[2]!, names)).toBe("Bob rerolls 2 dice and gets Bull's eye 2, Dynamite.");
    expect(describeEvent(events[4]!, names)).toBe("Indian attack! Ann loses 2 life.");
    expect(describeEvent(events[7]!, names)).toBe("Cid is shot by Ann and loses 2 life.");
    expect(describeEvent(events[10]!, names)).toBe("Cid loses 1 life to the Indians.");
    expect(describeEvent(events[23]!, names)).toBe("Bob is eliminated by Ann: an outlaw.");
    expect(describeEvent(events[25]!, names)).toBe("Game over: the law (the sheriff and the deputies) win (Ann, Dan).");
  });

  it("R1.6: a turn's heading comes from its turnStarted, and only from it", () => {
    expect(turnStart(events[0]!, names)).toBe("Turn 3 · Ann");
    expect(events.slice(1).map((e) => turnStart(e, names)).every((h) => h === null)).toBe(true);
  });
});

describe("motion read from two views", () => {
  it("R2.1 R2.2: the first roll throws all five dice; a reroll the dice sent (or, on another page, the faces that changed); nothing backwards", () => {
    let s = game();
    const me = s.players[s.turn]!.id;
    const step = (c: Parameters<typeof applyCommand>[1]) => {
      const r = applyCommand(s, c);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    };
    if (s.healPending) step({ type: "heal", by: me, target: me });
    const v0 = playerView(s, { kind: "player", id: me });
    step({ type: "roll", by: me });
    const v1 = playerView(s, { kind: "player", id: me });
    expect(thrownDice(v0, v1)).toEqual([0, 1, 2, 3, 4]);
    expect(thrownDice(v1, v0)).toEqual([]);
    const v2 = { ...v1, stateId: v1.stateId + 1, rolls: v1.rolls + 1, dice: v1.dice.map((f, i) => (i === 1 ? (f === "beer" ? "arrow" : "beer") : f)) };
    expect(thrownDice(v1, v2)).toEqual([1]);
    expect(thrownDice(v1, v2, [1, 3])).toEqual([1, 3]);
  });

  it("R3.3 R3.8: lines go from the shooter to each player who lost life in the resolution; an Indian attack draws none", () => {
    const s = game();
    const shooter = s.players[s.turn]!;
    const before = playerView({ ...s, phase: "resolving", dice: ["1", "2", "beer", "arrow", "arrow"], rolls: 3 }, { kind: "spectator" });
    const after = structuredClone(before);
    after.stateId++;
    const hit = after.players.find((p) => p.id !== shooter.id)!;
    hit.life--;
    expect(hitLines(before, after)).toEqual([{ from: shooter.id, to: hit.id, kind: expect.any(String) }]);
    expect(hitLines(after, before)).toEqual([]);
    // Everyone's arrows back to the pile while another player held some: an Indian attack, nobody's shot.
    before.players.find((p) => p.id !== shooter.id)!.arrows = 2;
    for (const p of after.players) p.arrows = 0;
    expect(hitLines(before, after)).toEqual([]);
  });
});
