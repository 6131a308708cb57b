/**
 * The dice game's face in the terminal (apps/cli/src/games/dice): the one-line moves a person types,
 * the event lines, the dice, the winner, and the figures of `bang simulate`.
 */
import { createGame, playerView, type Command, type GameEvent, type GameSetup, type PlayerView } from "@bang/game-dice";
import { gameById } from "@bang/games";
import { describe, expect, it } from "vitest";
import { describeDice, describeEvents, describeWinner, formatCommand } from "../src/games/dice/format.js";
import { parseMove } from "../src/games/dice/move.js";
import { Tally } from "../src/games/dice/stats.js";
import { tableSetup } from "../src/shell/match.js";

/** A new dice table of `players` seats p1..pN dealt from `seed`. */
const table = (players: number, seed: number) => tableSetup(gameById("dice"), players, seed) as GameSetup;

/** p1's view of a 5-seat table after a throw that showed `dice`. */
function viewWith(dice: PlayerView["dice"]): PlayerView {
  const created = createGame(table(5, 3));
  if (!created.ok) throw new Error(created.error.message);
  return { ...playerView(created.state, { kind: "player", id: "p1" }), dice };
}

const view = viewWith(["1", "beer", "2", "gatling", "beer"]);

describe("the one-line moves of bang play", () => {
  const cases: [string, Command][] = [
    ["roll", { type: "roll", by: "p1" }],
    ["r", { type: "roll", by: "p1" }],
    ["stop", { type: "stop", by: "p1" }],
    ["reroll 0 2 4", { type: "reroll", by: "p1", indexes: [0, 2, 4] }],
    ["reroll 0,3", { type: "reroll", by: "p1", indexes: [0, 3] }],
    ["heal p3", { type: "heal", by: "p1", target: "p3" }],
    ["heal 4", { type: "heal", by: "p1", target: "p4" }],
    ["heal me", { type: "heal", by: "p1", target: "p1" }],
    ["react 2", { type: "react", by: "p1", arrows: 2 }],
    // Shots and beers are told apart by the face of the die (die 0 shows 1, dice 1 and 4 show beer).
    ["resolve 0:p2 1:me 2:P3 4:5", { type: "resolve", by: "p1", shots: [{ die: 0, target: "p2" }, { die: 2, target: "p3" }], beers: [{ die: 1, target: "p1" }, { die: 4, target: "p5" }] }],
    ["resolve 0:p2 2:p3 4:p1 slab:1>0", { type: "resolve", by: "p1", shots: [{ die: 0, target: "p2" }, { die: 2, target: "p3" }], beers: [{ die: 4, target: "p1" }], slab: { beer: 1, shot: 0 } }],
    ["resolve 0:p2 1:p1 2:p3 4:p1 discard:p2,p4", { type: "resolve", by: "p1", shots: [{ die: 0, target: "p2" }, { die: 2, target: "p3" }], beers: [{ die: 1, target: "p1" }, { die: 4, target: "p1" }], arrowDiscards: ["p2", "p4"] }],
  ];
  for (const [line, command] of cases) {
    it(`reads "${line}"`, () => {
      expect(parseMove(line, view, "p1")).toEqual({ command });
    });
  }

  it("prints every command back in the syntax it reads (bang replay shows commands so)", () => {
    for (const [, command] of cases) {
      const again = parseMove(formatCommand(command), view, "p1");
      expect(again).toEqual({ command });
    }
    expect(formatCommand(cases.at(-2)![1])).toBe("resolve 0:p2 2:p3 4:p1 slab:1>0");
  });

  it("keeps unknown player names for the rules to refuse (INVALID_TARGET), and passes die faces it does not judge", () => {
    expect(parseMove("heal zed", view, "p1")).toEqual({ command: { type: "heal", by: "p1", target: "zed" } });
    expect(parseMove("resolve 3:p2", view, "p1")).toEqual({ command: { type: "resolve", by: "p1", shots: [{ die: 3, target: "p2" }], beers: [] } });
  });

  const bad: [string, RegExp][] = [
    ["fly", /^unknown command "fly"/],
    ["reroll", /^reroll: give die indexes/],
    ["reroll 0 x", /^reroll: give die indexes/],
    ["roll 3", /^roll takes no arguments/],
    ["heal", /^heal: name one player/],
    ["react many", /^react: give how many arrows/],
    ["resolve 0-p2", /write DIE:PLAYER/],
    ["resolve 7:p2", /write DIE:PLAYER/],
    ["resolve slab:1", /write slab:BEER>SHOT/],
    ["resolve discard:", /write discard:ID/],
  ];
  for (const [line, message] of bad) {
    it(`refuses "${line}" as INVALID_COMMAND`, () => {
      const move = parseMove(line, view, "p1");
      expect("refusal" in move && move.refusal.code).toBe("INVALID_COMMAND");
      if ("refusal" in move) expect(move.refusal.message).toMatch(message);
    });
  }

  it("leaves help, table and quit to the shell: here they are no command", () => {
    for (const line of ["help", "table", "quit"]) expect(parseMove(line, view, "p1")).toMatchObject({ refusal: { code: "INVALID_COMMAND" } });
  });
});

describe("event lines", () => {
  it("say who rolled what, who shot whom, Indian attacks and eliminations; runs of arrows are one line", () => {
    const events: GameEvent[] = [
      { type: "turnStarted", player: "p2", turn: 4 },
      { type: "diceRolled", player: "p2", roll: 1, indexes: [0, 1, 2, 3, 4], faces: ["arrow", "arrow", "1", "2", "beer"], dice: ["arrow", "arrow", "1", "2", "beer"] },
      { type: "arrowTaken", player: "p2", arrowsInPile: 1 },
      { type: "arrowTaken", player: "p2", arrowsInPile: 0 },
      { type: "indianAttack", losses: [{ player: "p2", life: 2 }, { player: "p4", life: 1 }] },
      { type: "lifeLost", player: "p2", amount: 2, cause: "indianAttack", by: null },
      { type: "diceRolled", player: "p2", roll: 2, indexes: [0, 1], faces: ["gatling", "1"], dice: ["gatling", "1", "1", "2", "beer"] },
      { type: "lifeLost", player: "p3", amount: 2, cause: "shot", by: "p2" },
      { type: "eliminated", player: "p3", role: "outlaw", by: "p2" },
      { type: "lifeGained", player: "p2", amount: 1, cause: "beer" },
      { type: "turnEnded", player: "p2" },
      { type: "gameOver", winner: { team: "law", players: ["p1", "p2"] } },
    ];
    expect(describeEvents(events, [{ id: "p2", character: "willy_the_kid" }])).toEqual([
      "-- turn 4: p2 (willy_the_kid) --",
      "p2 rolls: arrow arrow 1 2 beer",
      "p2 takes 2 arrows (pile: 0)",
      "Indian attack! p2 -2, p4 -1",
      "p2 rerolls 0 1 (roll 2): gatling 1 1 2 beer",
      "p2 shoots p3 (-2)",
      "p3 is eliminated by p2 (outlaw)",
      "p2 gains 1 life (beer)",
      "Game over: the law wins (sheriff and deputies: p1, p2)",
    ]);
  });

  it("R6: a team's end names the team and its players", () => {
    expect(describeWinner({ team: "renegade", players: ["p3"] })).toBe("the renegade wins (p3)");
    expect(describeWinner({ team: "law", players: ["p1", "p4"] })).toBe("the law wins (sheriff and deputies: p1, p4)");
    expect(describeWinner({ team: "outlaws", players: ["p2", "p3"] })).toBe("the outlaws win (p2, p3)");
  });

  it("R2.3: the dice with their indexes mark dynamite locked, except for Black Jack (C2)", () => {
    expect(describeDice(["dynamite", "1", "beer", "arrow", "gatling"], "el_gringo")).toBe("[0] dynamite (locked)  [1] 1  [2] beer  [3] arrow  [4] gatling");
    expect(describeDice(["dynamite", "1", "beer", "arrow", "gatling"], "black_jack")).toBe("[0] dynamite  [1] 1  [2] beer  [3] arrow  [4] gatling");
  });
});

describe("the dice game's simulation tally", () => {
  it("counts wins by team and by character", () => {
    const created = createGame(table(4, 1));
    if (!created.ok) throw new Error(created.error.message);
    const s = created.state;
    const sheriff = s.players.find((p) => p.role === "sheriff")!;
    const tally = new Tally(4);
    tally.add({ ...s, turnNumber: 10, phase: "gameOver", winner: { team: "law", players: [sheriff.id] } });
    tally.add({ ...s, turnNumber: 20, phase: "gameOver", winner: { team: "outlaws", players: s.players.filter((p) => p.role === "outlaw").map((p) => p.id) } });
    const figures = tally.figures();
    expect(figures.teams).toEqual({ law: { won: 1, rate: 0.5 }, outlaws: { won: 1, rate: 0.5 }, renegade: { won: 0, rate: 0 } });
    expect(figures.characters[sheriff.character]).toEqual({ played: 2, won: 1, rate: 0.5 });
    expect(Object.values(figures.characters).filter((c) => c.played === 0).every((c) => c.rate === null)).toBe(true);
    expect(tally.render()[0]).toBe("Win rate by team (games won, share)");
    expect(() => tally.add(s)).toThrow(/without a winner/);
  });

  it("R7.3: with 3 players the teams are the roles", () => {
    expect(Object.keys(new Tally(3).figures().teams)).toEqual(["deputy", "outlaw", "renegade"]);
  });
});
