/**
 * What the inspector shows of a dice game (apps/web/src/games/dice): its marks (Indian attack,
 * elimination, end) found in a real game's events, the dice of each roll, and an exported log that the
 * game's module replays (what `bang replay FILE` reads).
 */
import { replaySteps, type GameLog } from "@bang/game-core";
import { applyCommand, createGame, dice, legalActions, playerView, type Command, type GameSetup } from "@bang/game-dice";
import { describe, expect, it } from "vitest";
import { rollsOf } from "../../../src/games/dice/faces";
import { MARKS } from "../../../src/games/dice/marks";
import { exportLog, marksOf, nextMark } from "../../../src/lib/timeline";

/** A whole 4-player game played by taking each turn's first roll and resolving at the first targets, as a log. */
function playedLog(seed: number): GameLog<GameSetup, Command> {
  const setup: GameSetup = { players: ["a", "b", "c", "d"].map((id) => ({ id })), seed };
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const entries: { command: Command }[] = [];
  for (let i = 0; i < 2_000 && state.phase !== "gameOver"; i++) {
    const me = dice.toAct(state)[0]!;
    const legal = legalActions(playerView(state, { kind: "player", id: me }), me);
    const command: Command =
      legal.kind === "heal" ? { type: "heal", by: me, target: legal.targets[0]! }
      : legal.kind === "roll" ? { type: "roll", by: me }
      : legal.kind === "reroll" ? { type: "stop", by: me }
      : legal.kind === "react" ? { type: "react", by: me, arrows: 0 }
      : legal.kind === "resolve" ? { type: "resolve", by: me, shots: legal.shots.map((s) => ({ die: s.die, target: s.targets[0]! })), beers: legal.beers.map((b) => ({ die: b.die, target: b.targets[0]! })), ...(legal.arrowDiscards ? { arrowDiscards: [] } : {}) }
      : (() => { throw new Error(`nothing to do for ${me}`); })();
    const r = applyCommand(state, command);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    state = r.state;
    entries.push({ command });
  }
  expect(state.phase).toBe("gameOver");
  return { game: "dice", setup, entries };
}

describe("the dice game in the inspector", () => {
  it("R4.1 R5.1 R6: the marks jump to the Indian attacks, the eliminations and the end of a played game", () => {
    const log = playedLog(7);
    const steps = replaySteps(dice, log).slice(1);
    const timeline = steps.map((s, i) => ({ seq: i + 1, events: s.events }));
    const last = timeline.length;
    expect(nextMark(timeline, 0, "gameOver")).toBe(last);
    const firstOut = timeline.find((e) => e.events.some((ev) => ev.type === "eliminated"))!;
    expect(nextMark(timeline, 0, "eliminated")).toBe(firstOut.seq);
    expect(marksOf(timeline[last - 1]!, MARKS).map((m) => m.label)).toContain("end");
    for (const e of timeline) expect(marksOf(e, MARKS).map((m) => m.type)).toEqual(MARKS.filter((m) => e.events.some((ev) => ev.type === m.type)).map((m) => m.type));
  });

  it("R2.1: lists the dice of each roll with the dice thrown", () => {
    const events = [
      { type: "diceRolled", player: "a", roll: 1, indexes: [0, 1, 2, 3, 4], faces: ["arrow", "1", "2", "beer", "gatling"], dice: ["arrow", "1", "2", "beer", "gatling"] },
      { type: "arrowTaken", player: "a", arrowsInPile: 8 },
      { type: "diceRolled", player: "a", roll: 2, indexes: [1], faces: ["dynamite"], dice: ["arrow", "dynamite", "2", "beer", "gatling"] },
    ];
    expect(rollsOf(events)).toEqual([
      { dice: ["arrow", "1", "2", "beer", "gatling"], thrown: [0, 1, 2, 3, 4] },
      { dice: ["arrow", "dynamite", "2", "beer", "gatling"], thrown: [1] },
    ]);
    expect(rollsOf([{ type: "turnEnded" }])).toEqual([]);
  });

  it("exports a log that the game's module replays to the same end", () => {
    const log = playedLog(11);
    const parsed = JSON.parse(exportLog(log)) as GameLog<GameSetup, Command>;
    expect(parsed).toEqual(log);
    const again = replaySteps(dice, parsed);
    expect(again).toHaveLength(log.entries.length + 1);
    expect(again.at(-1)!.state).toEqual(replaySteps(dice, log).at(-1)!.state);
  });
});
