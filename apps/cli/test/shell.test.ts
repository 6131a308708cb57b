/**
 * The generic shell of `bang` in-process: the game options, game logs of both spellings, the simulation
 * figures, and a game the CLI has no face for (a module registered here, played through the JSON face).
 */
import { PassThrough } from "node:stream";
import { defineGame, type AnyGameModule, type Bot, type GameModule } from "@bang/game-core";
import { gameById, registerGame } from "@bang/games";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { UsageError } from "../src/args.js";
import { cliGames, defaultGameId, gameUi } from "../src/games/registry.js";
import { gameOption, gameOptionsHelp, localGame, seatsOption } from "../src/shell/game-option.js";
import { checkGameLog, LogFileError } from "../src/shell/gamelog.js";
import { LineReader } from "../src/shell/input.js";
import { playLocal } from "../src/shell/local.js";
import { Simulation } from "../src/shell/simulation.js";
import { shellWord } from "../src/shell/seat.js";

/** What a call threw (or null). */
function thrown(f: () => unknown): Error | null {
  try {
    f();
    return null;
  } catch (e) {
    return e as Error;
  }
}

describe("the registry of faces", () => {
  it("knows the four games, the first one the default; any other game gets the JSON face", () => {
    expect(cliGames().map((ui) => ui.id)).toEqual(["dice", "dice_duel", "cards", "cash_n_guns"]);
    expect(defaultGameId()).toBe("dice");
    for (const id of ["dice_duel", "cards", "cash_n_guns"]) expect(gameUi(id).name).toBe(gameById(id).name);
    const unknown = gameUi("poker", { name: "Poker", seats: { min: 4, max: 8 } });
    expect([unknown.name, unknown.defaultSeats]).toEqual(["Poker", 4]);
    expect(unknown.render({ viewer: { kind: "spectator" }, stateId: 3, waitingFor: [] })).toBe(JSON.stringify({ viewer: { kind: "spectator" }, stateId: 3, waitingFor: [] }, null, 2));
  });
});

describe("--game and --mode", () => {
  it("--game names a registered game; the default is the registry's first", () => {
    expect(gameOption({})).toBe("dice");
    expect(gameOption({ game: "dice_duel" })).toBe("dice_duel");
    expect(thrown(() => gameOption({ game: "triel" }))?.message).toBe('--game: unknown game "triel" (one of dice, dice_duel, cards, cash_n_guns)');
    // On a server, any well-formed id: the server says whether it hosts it.
    expect(gameOption({ game: "cash_n_guns" }, true)).toBe("cash_n_guns");
    expect(thrown(() => gameOption({ game: "Not A Game" }, true))).toBeInstanceOf(UsageError);
  });

  it("--mode classic|duel is the old spelling, through the modules' legacyNames", () => {
    expect(gameOption({ mode: "classic" })).toBe("dice");
    expect(gameOption({ mode: "duel" })).toBe("dice_duel");
    expect(thrown(() => gameOption({ mode: "triel" }))?.message).toBe('--mode: unknown game "triel" (one of classic, dice, duel, dice_duel, cards, cash_n_guns)');
    expect(thrown(() => gameOption({ game: "dice", mode: "duel" }))?.message).toMatch(/^--game and --mode: give one/);
    expect(gameOptionsHelp()).toContain("classic = dice, duel = dice_duel");
  });

  it("--players within the game's seats: R1.1 3 to 8 (5 by default), R8.1 exactly 2", () => {
    expect(seatsOption(undefined, localGame("dice"))).toBe(5);
    expect(seatsOption("8", localGame("dice"))).toBe(8);
    expect(thrown(() => seatsOption("9", localGame("dice")))?.message).toBe('--players: expected an integer from 3 to 8, got "9"');
    expect(seatsOption(undefined, localGame("dice_duel"))).toBe(2);
    expect(thrown(() => seatsOption("3", localGame("dice_duel")))?.message).toBe(`--players: a table of ${gameById("dice_duel").name} has 2 seats, got "3"`);
  });

  it("help, table and quit are the shell's words at every prompt", () => {
    expect(["help", "?", "table", "t", "quit", "q", "exit", "roll", ""].map(shellWord)).toEqual(["help", "help", "table", "table", "quit", "quit", "quit", null, null]);
  });
});

describe("game log files", () => {
  const players = [{ id: "p1" }, { id: "p2" }];

  it("a GameLog names its game", () => {
    const { module, log } = checkGameLog({ game: "dice_duel", setup: { players, seed: 4 }, entries: [{ command: { type: "roll", by: "p1" }, draws: [{ roll: ["1", "1", "2", "2", "beer"] }] }] });
    expect(module.id).toBe("dice_duel");
    expect(log).toEqual({ game: "dice_duel", setup: { players, seed: 4 }, entries: [{ command: { type: "roll", by: "p1" }, draws: [{ roll: ["1", "1", "2", "2", "beer"] }] }] });
  });

  it("a file saved before games were modules: setup.mode is the game's earlier name, an entry's dice are rolls", () => {
    const { module, log } = checkGameLog({ setup: { mode: "duel", players, seed: 4 }, entries: [{ command: { type: "roll", by: "p1" }, dice: [["1", "1", "2", "2", "beer"]] }, { command: { type: "stop", by: "p1" } }] });
    expect(module.id).toBe("dice_duel");
    expect(log).toEqual({
      game: "dice_duel",
      setup: { players, seed: 4 },
      entries: [{ command: { type: "roll", by: "p1" }, draws: [{ roll: ["1", "1", "2", "2", "beer"] }] }, { command: { type: "stop", by: "p1" } }],
    });
    // No game named at all: the engine's default game then, the registry's first.
    expect(checkGameLog({ setup: { players }, entries: [] }).log.game).toBe("dice");
  });

  const bad: [unknown, string][] = [
    [{ game: "triel", setup: { players }, entries: [] }, 'game: unknown game "triel" (one of dice, dice_duel, cards, cash_n_guns)'],
    [{ setup: { mode: "triel", players }, entries: [] }, 'setup.mode: unknown game "triel"'],
    [{ game: "dice", setup: { players, seed: 1.5 }, entries: [] }, "setup.seed: expected"],
    [{ game: "dice", setup: { players }, entries: [{ command: { type: "roll", by: "p1" }, draws: [{ dice: [] }] }] }, "entries[0].draws: expected a list of draws"],
    [{ game: "dice", setup: { players }, entries: [{ command: { type: "roll", by: "p1" }, dice: ["1"] }] }, "entries[0].dice: expected a list of throws"],
    [{ game: "dice", setup: { players }, entries: [{ command: { type: "roll" } }] }, "entries[0].command.by: expected a player id"],
  ];
  for (const [json, message] of bad) {
    it(`refuses ${JSON.stringify(json).slice(0, 90)}: "${message}"`, () => {
      const error = thrown(() => checkGameLog(json));
      expect(error).toBeInstanceOf(LogFileError);
      expect(error!.message).toContain(message);
    });
  }
});

describe("the figures of bang simulate", () => {
  it("counts games, average turns (the module's summary) and commands, and adds the game's own figures", () => {
    const { module, ui } = localGame("dice");
    const created = module.create(module.setupFor({ players: ["p1", "p2", "p3", "p4"], seed: 1, options: {} }));
    if (!created.ok) throw new Error(created.error.message);
    const s = created.state as unknown as { players: { id: string; role: string }[] } & Record<string, unknown>;
    const sheriff = s.players.find((p) => p.role === "sheriff")!.id;
    const simulation = new Simulation(module, ui, { players: 4, seed: 1, bots: "heuristic" });
    const log = (n: number) => ({ game: "dice", setup: { players: [] }, entries: Array.from({ length: n }, () => ({ command: { type: "roll", by: sheriff } })) });
    simulation.add({ ...s, stateId: 40, turnNumber: 10, phase: "gameOver", winner: { team: "law", players: [sheriff] } } as never, log(40));
    simulation.add({ ...s, stateId: 61, turnNumber: 20, phase: "gameOver", winner: { team: "outlaws", players: [] } } as never, log(61));
    const summary = simulation.summary(2);
    expect(summary).toMatchObject({ game: "dice", games: 2, players: 4, seed: 1, bots: "heuristic", averageTurns: 15, averageCommands: 50.5, gamesPerSecond: 1 });
    expect(summary.teams).toEqual({ law: { won: 1, rate: 0.5 }, outlaws: { won: 1, rate: 0.5 }, renegade: { won: 0, rate: 0 } });
    expect(simulation.render(summary)).toMatch(/^Simulated 2 games of Bang! The Dice Game, 4 players, heuristic bots, seeds 1 to 2\.\n\nWin rate by team/);
    expect(() => simulation.add(created.state, log(1))).toThrow(/ended without a result/);
  });
});

/**
 * A game no folder of the CLI knows: two players say a number in turn, the first to say 3 wins. Its
 * module is registered here, as a game that lives outside the repository would be.
 */
interface Tiny {
  stateId: number;
  players: string[];
  turn: number;
  said: number[];
  winner: string | null;
}
type TinyCommand = { type: "say"; by: string; n: number };
type TinyEvent = { type: "said"; player: string; n: number } | { type: "won"; player: string };
interface TinyView {
  viewer: { kind: "player"; id: string } | { kind: "spectator" } | { kind: "admin" };
  stateId: number;
  waitingFor: string[];
  players: { id: string; said: number }[];
}

const toAct = (s: Tiny) => (s.winner ? [] : [s.players[s.turn]!]);
const sayBot = (): Bot<TinyView, TinyCommand> => ({ kind: "random", choose: (view, me) => ({ type: "say", by: me, n: view.players.find((p) => p.id === me)!.said + 1 }) });
type TinySetup = { players: { id: string }[]; seed?: number | string };
const tiny: GameModule<Tiny, TinyCommand, TinyEvent, TinyView, TinySetup, Record<string, never>, null> = defineGame({
  id: "say_three",
  name: "Say Three",
  seats: { min: 2, max: 2 },
  schemas: { setup: z.any(), options: z.object({}).strict(), command: z.any(), view: z.any(), event: z.any() },
  refusals: [],
  serverCommands: [],
  scoring: [],
  bots: { heuristic: sayBot, random: sayBot },
  setupFor: ({ players, seed }) => ({ players: players.map((id) => ({ id })), seed }),
  create: (setup: TinySetup) => ({ ok: true, state: { stateId: 0, players: setup.players.map((p) => p.id), turn: 0, said: setup.players.map(() => 0), winner: null } }),
  apply: (s, c) => {
    if (c.by !== toAct(s)[0]) return { ok: false, error: { code: "NOT_YOUR_TURN", message: `${c.by}: not your turn` } };
    // A rule that throws on a shape it never expected: the shell refuses the line rather than crash.
    if (typeof c.n !== "number") throw new TypeError("n: not a number");
    const seat = s.turn;
    if (c.type !== "say" || c.n !== s.said[seat]! + 1) return { ok: false, error: { code: "INVALID_COMMAND", message: `n: say ${s.said[seat]! + 1}` } };
    const said = s.said.map((n, i) => (i === seat ? c.n : n));
    const winner = c.n === 3 ? c.by : null;
    const events: TinyEvent[] = [{ type: "said", player: c.by, n: c.n }, ...(winner ? [{ type: "won" as const, player: winner }] : [])];
    return { ok: true, state: { stateId: s.stateId + 1, players: s.players, turn: 1 - seat, said, winner }, events };
  },
  view: (s, viewer) => ({ viewer, stateId: s.stateId, waitingFor: toAct(s), players: s.players.map((id, i) => ({ id, said: s.said[i]! })) }),
  viewEvent: ({ command, events }) => ({ command: { type: command.type, n: command.n }, events }),
  toAct,
  onTimeout: () => null,
  result: (s) => (s.winner ? { winner: { team: s.winner, players: [s.winner] }, ranking: [], scores: {} } : null),
  machine: () => {
    throw new Error("no statechart in this test");
  },
  legal: () => null,
  summary: (s) => ({ phase: s.winner ? "over" : "saying", turn: s.stateId, seats: {} }),
  facets: () => ({}),
});

describe("a game the CLI has no face for", () => {
  beforeAll(() => registerGame(tiny as unknown as AnyGameModule));

  it("plays locally through the JSON face: the view and events as JSON, commands typed as JSON, refusals and all", async () => {
    const input = new PassThrough();
    const output = new PassThrough().setEncoding("utf8");
    let echoed = "";
    output.on("data", (d: string) => (echoed += d));
    const reader = new LineReader(input, output);
    input.end('{"type": "say", "n": 2}\nnot json\n{"type": "say"}\n{"type": "say", "n": 1}\n{"type": "say", "n": 2}\n{"type": "say", "n": 3}\n');
    const lines: string[] = [];
    const code = await playLocal(localGame("say_three"), { players: 2, seed: 1, seat: 1, bots: "random" }, { say: (text) => lines.push(text), reader });
    reader.close();
    const out = lines.join("\n");
    expect(code).toBe(0);
    expect(lines[0]).toBe("Say Three, 2 players, random bots, seed 1 (play this deal again with --seed 1). You are p1.");
    expect(out).toContain('"waitingFor": [\n    "p1"\n  ]');
    expect(out).toContain("Your move, p1: type a command of Say Three as JSON.");
    expect(out).toContain("INVALID_COMMAND: n: say 1");
    expect(out).toContain("INVALID_COMMAND: n: not a number");
    expect(out).toContain('INVALID_COMMAND: write the command as one JSON object with its type');
    expect(out).toContain('{"type":"said","player":"p2","n":2}');
    expect(out).toContain('{"type":"won","player":"p1"}');
    expect(lines.at(-1)).toBe("\nThe game is over.");
    expect(echoed).toContain("command> ");
  });
});
