/**
 * The dice game as a module (module.ts): what the server, the protocol, ratings and tournaments read of
 * it without knowing the game. Every view of a whole bot game, for every viewer kind, passes the
 * module's own view schema; events and the bots' commands pass theirs; `toAct` is the view's
 * `waitingFor`; `result` ranks every seat once at the end (R6, R7) and is null before; states survive
 * JSON (boardgame.io's serialisable check).
 */
import { describe, expect, it } from "vitest";
import { playMatch, replaySteps, type GameResult, type Viewer } from "@bang/game-core";
import { dice, WIN_POINTS, type GameSetup, type GameState } from "../src/index.js";
import { newGame, playAll, resolve, roll, seat, stop, to } from "./rules/helpers.js";

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

/** A whole bot game of `n` seats: its steps (state and events after each command) and commands. */
function botGame(seed: number, n: number) {
  const setup: GameSetup = { players: seats(n), seed };
  const { log } = playMatch(dice, setup, (id) => dice.bots[seed % 2 ? "heuristic" : "random"](seed * 16 + Number(id.slice(1))));
  return { steps: replaySteps(dice, log), commands: log.entries.map((e) => e.command) };
}

const viewersOf = (s: GameState): Viewer[] => [...s.players.map((p) => ({ kind: "player", id: p.id }) as const), { kind: "spectator" }, { kind: "admin" }];

/** The side a seat belongs to in R6 (4+ players) or R7 (3 players: everyone alone). */
function expectedSide(s: GameState, id: string): string {
  const p = s.players.find((x) => x.id === id)!;
  if (s.players.length === 3 || p.role === "renegade") return `alone:${id}`;
  return p.role === "outlaw" ? "outlaws" : "law";
}

/** Checks a finished game's result against the rules (R6, R7): sides, places and scores. */
function checkResult(s: GameState, result: GameResult) {
  expect(result.winner).toEqual(s.winner);
  const ranked = result.ranking.flatMap((side) => side.players);
  expect([...ranked].sort()).toEqual(s.players.map((p) => p.id).sort()); // every seat exactly once
  const winners = new Set(s.winner!.players);
  for (const side of result.ranking) {
    const kinds = new Set(side.players.map((id) => expectedSide(s, id)));
    expect(kinds.size, JSON.stringify(side)).toBe(1);
    const kind = [...kinds][0]!;
    expect(side.team).toBe(kind.startsWith("alone:") ? s.players.find((p) => p.id === side.players[0])!.role : kind);
    // Seat order within a side, the winning side at place 1, every loser sharing place 2.
    expect(side.players).toEqual(s.players.filter((p) => side.players.includes(p.id)).map((p) => p.id));
    expect(side.place).toBe(side.players.some((id) => winners.has(id)) ? 1 : 2);
  }
  // Sides of the same kind are one side (the law, the outlaws), each renegade alone.
  expect(new Set(result.ranking.map((side) => expectedSide(s, side.players[0]!))).size).toBe(result.ranking.length);
  expect(result.ranking.filter((side) => side.place === 1)).toHaveLength(1);
  expect(result.ranking[0]!.place).toBe(1);
  for (const p of s.players) expect(result.scores[p.id], p.id).toBe((winners.has(p.id) ? WIN_POINTS[p.role] : 0) + (p.alive ? 1 : 0));
}

describe("the dice module", () => {
  it("declares its identity: id dice, 3 to 8 seats, ranked 4 to 8, legacy name classic, no server commands", () => {
    expect(dice.id).toBe("dice");
    expect(dice.seats).toEqual({ min: 3, max: 8 });
    expect(dice.rankedSeats).toEqual({ min: 4, max: 8 });
    expect(dice.legacyNames).toEqual(["classic"]);
    expect(dice.serverCommands).toEqual([]);
    expect(dice.refusals).toEqual(["DIE_LOCKED", "INVALID_TARGET", "INCOMPLETE_RESOLUTION", "HEAL_REQUIRED"]);
    expect(dice.schemas.options.safeParse({}).success).toBe(true);
    expect(dice.schemas.options.safeParse({ turnSeconds: 5 }).success).toBe(false);
    expect(dice.setupFor({ players: ["x", "y", "z"], seed: 3, options: {} })).toEqual({ players: [{ id: "x" }, { id: "y" }, { id: "z" }], seed: 3, seeding: "mixed" });
  });

  it("every view of whole bot games (each seat, a spectator, an admin) passes schemas.view; events pass schemas.event; bot commands pass schemas.command", () => {
    for (let seed = 0; seed < 24; seed++) {
      const { steps, commands } = botGame(seed, 3 + (seed % 6));
      for (const [i, { state, events }] of steps.entries()) {
        for (const viewer of viewersOf(state)) {
          const view = dice.view(state, viewer);
          const parsed = dice.schemas.view.safeParse(view);
          expect(parsed.success, `seed ${seed} step ${i}: ${parsed.error?.message}`).toBe(true);
          expect(view.waitingFor).toEqual(dice.toAct(state));
        }
        for (const event of events) expect(dice.schemas.event.safeParse(event).success, JSON.stringify(event)).toBe(true);
      }
      for (const { by: _by, ...wire } of commands) expect(dice.schemas.command.safeParse(wire).success, JSON.stringify(wire)).toBe(true);
    }
  });

  it("toAct names the one player the game waits for (Bart Cassidy during his reaction, C1), nobody at game over", () => {
    const { steps } = botGame(3, 6);
    for (const { state } of steps) {
      const expected = state.phase === "gameOver" ? [] : state.phase === "reaction" ? [state.reaction!.player] : [state.players[state.turn]!.id];
      expect(dice.toAct(state)).toEqual(expected);
    }
    expect(dice.toAct(steps.at(-1)!.state)).toEqual([]);
  });

  it("R6 R7 result is null until the game is over, then ranks every seat once with WIN_POINTS + 1 alive", () => {
    const teams = new Set<string>();
    for (let seed = 0; seed < 120; seed++) {
      const { steps } = botGame(seed, 3 + (seed % 6));
      for (const { state } of steps.slice(0, -1)) expect(dice.result(state)).toBeNull();
      const last = steps.at(-1)!.state;
      const result = dice.result(last);
      expect(result).not.toBeNull();
      checkResult(last, result!);
      teams.add(`${last.players.length === 3 ? 3 : "4+"}:${result!.winner.team}`);
    }
    expect([...teams].sort()).toEqual(["3:deputy", "3:outlaw", "3:renegade", "4+:law", "4+:outlaws", "4+:renegade"]);
  });

  it("R6.2 the law wins: law first, the renegade alone and the outlaws share place 2; the sheriff 5+1, the deputy 4+1", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "renegade", "lucky_duke", { life: 1 }),
        seat("c", "outlaw", "jesse_jones", { alive: false }),
        seat("d", "outlaw", "black_jack", { alive: false }),
        seat("e", "deputy", "rose_doolan", { life: 2 }),
      ],
    });
    expect(dice.result(s)).toBeNull();
    const over = playAll(s, [[roll("a"), ["1", "beer", "dynamite", "dynamite", "gatling"]], [stop("a")], [resolve("a", { shots: to([0, "b"]), beers: to([1, "e"]) })]]).state;
    expect(dice.result(over)).toEqual({
      winner: { team: "law", players: ["a", "e"] },
      ranking: [
        { team: "law", players: ["a", "e"], place: 1 },
        { team: "renegade", players: ["b"], place: 2 },
        { team: "outlaws", players: ["c", "d"], place: 2 },
      ],
      scores: { a: 6, b: 0, c: 0, d: 0, e: 5 },
    });
  });

  it("R7.3 with three players each is alone: the renegade who shot his target wins 8+1, the living deputy scores 1", () => {
    const s = newGame({ players: [seat("a", "deputy", "paul_regret"), seat("b", "outlaw", "lucky_duke", { life: 1 }), seat("c", "renegade", "jesse_jones")], turn: "c" });
    const over = playAll(s, [[roll("c"), ["gatling", "gatling", "gatling", "dynamite", "dynamite"]], [stop("c")]]).state;
    expect(dice.result(over)).toEqual({
      winner: { team: "renegade", players: ["c"] },
      ranking: [
        { team: "renegade", players: ["c"], place: 1 },
        { team: "deputy", players: ["a"], place: 2 },
        { team: "outlaw", players: ["b"], place: 2 },
      ],
      scores: { a: 1, b: 0, c: 9 },
    });
  });

  it("viewEvent shows every command (without by) and every event to every viewer (R5.1: no secret in events)", () => {
    const { steps, commands } = botGame(5, 5);
    for (const [i, command] of commands.entries()) {
      const { state, events } = steps[i + 1]!;
      for (const viewer of viewersOf(state)) {
        const { by: _by, ...wire } = command;
        expect(dice.viewEvent({ command, events, state }, viewer)).toEqual({ command: wire, events });
      }
    }
  });

  it("summary gives the phase, the turn number and each seat's life and arrows; facets give role and character", () => {
    const s = newGame({ players: [seat("a", "sheriff", "paul_regret", { arrows: 2 }), seat("b", "outlaw", "lucky_duke", { alive: false }), seat("c", "renegade", "jesse_jones", { life: 4 }), seat("d", "outlaw", "black_jack")] });
    expect(dice.summary(s)).toEqual({
      phase: "rolling",
      turn: 1,
      seats: {
        a: { out: false, status: "11/11 life, 2 arrows" },
        b: { out: true, status: "eliminated" },
        c: { out: false, status: "4/9 life, 0 arrows" },
        d: { out: false, status: "8/8 life, 0 arrows" },
      },
    });
    expect(dice.facets(s)).toEqual({
      a: { role: "sheriff", character: "paul_regret" },
      b: { role: "outlaw", character: "lucky_duke" },
      c: { role: "renegade", character: "jesse_jones" },
      d: { role: "outlaw", character: "black_jack" },
    });
    expect(dice.onTimeout(s, "a")).toBeNull();
  });

  it("every state of whole bot games survives a JSON round trip (boardgame.io's serialisable check)", () => {
    for (let seed = 0; seed < 12; seed++) {
      for (const { state, events } of botGame(seed, 3 + (seed % 6)).steps) {
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        expect(JSON.parse(JSON.stringify(events))).toEqual(events);
      }
    }
  });
});
