import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { replay, type GameLog } from "@bang/game-core";
import { diceDuel, type DuelCommand, type DuelSetup, type DuelState } from "@bang/game-dice-duel";
import { bang, drive, ensureBuilt, hasStack, tempDir } from "./bang.js";

beforeAll(ensureBuilt, 300_000);
const dir = tempDir("bang-dice_duel-");

/** The last state of a saved duel log, replayed by the module. */
const lastState = (file: string) => replay(diceDuel, JSON.parse(readFileSync(file, "utf8")) as GameLog<DuelSetup, DuelCommand>).at(-1) as DuelState;

/** The grid rows printed for both hideouts: `near   X X . X            near   X X X X`. */
const GRID = /^ {2}(near|far) +([X.] [X.] [X.] [X.]) +(near|far) +([X.] [X.] [X.] [X.])$/;

describe("bang play --game dice_duel", () => {
  it("R8.1 plays a whole duel against the bot: both hideouts as 2x4 grids, ammo, dice, secret picks; the saved log replays to the same end", async () => {
    const save = join(dir, "duel.json");
    const picks = ["s", "o", "r"];
    let k = 0;
    // Enter takes every suggestion; a duel pick has none, so the person names a card (in turn).
    const run = await drive(["play", "--game", "dice_duel", "--seed", "12", "--save", save], (prompt) => (prompt.startsWith("pick>") ? picks[k++ % 3]! : ""));
    expect(run.code).toBe(0);
    expect(hasStack(run.stderr)).toBe(false);
    const out = run.stdout;
    expect(out).toMatch(/^Bang! The Dice Game: the duel, 2 players, heuristic bots, seed 12 \(play this deal again with --seed 12\)\. You are p1\./);
    const grids = out.split("\n").filter((l) => GRID.test(l));
    expect(grids.length).toBeGreaterThanOrEqual(4);
    // Rows come in near/far pairs, one grid per player side by side.
    expect(grids.filter((_, i) => i % 2 === 0).every((l) => l.startsWith("  near"))).toBe(true);
    expect(grids.filter((_, i) => i % 2 === 1).every((l) => l.startsWith("  far"))).toBe(true);
    expect(out).toMatch(/ammo \d+, \d\/8 cards/);
    expect(out).toMatch(/Dice: 0:\S+ {2}1:\S+ {2}2:\S+ {2}3:\S+ {2}4:\S+/);
    expect(out).toMatch(/^Winner: p[12] wins the duel\. You (win!|lose\.)$/m);
    // The bot's pick is never printed before the reveal: after "p2 has picked" comes no card of p2's
    // until a "Revealed:" line.
    const lines = out.split("\n");
    let pending = false;
    for (const line of lines) {
      if (line === "p2 has picked") pending = true;
      if (line.startsWith("Revealed:")) pending = false;
      if (pending) expect(line).not.toMatch(/p2 (sheriff|outlaw|renegade)/);
    }
    // The log names its game and replays to the end the person saw.
    expect((JSON.parse(readFileSync(save, "utf8")) as GameLog).game).toBe("dice_duel");
    const last = lastState(save);
    expect(last.phase).toBe("gameOver");
    expect(out).toContain(`Winner: ${last.winner!.players[0]} wins the duel.`);
  }, 60_000);

  it("R8.1 a duel has 2 players: --players 3 is a usage error (exit 2); an unknown game too", async () => {
    const three = await bang(["play", "--game", "dice_duel", "--players", "3"]);
    expect(three.code).toBe(2);
    expect(three.stderr).toMatch(/--players: a table of .* has 2 seats, got "3"/);
    const bad = await bang(["play", "--game", "triel"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^bang play: --game: unknown game "triel" \(one of dice, dice_duel, cards, cash_n_guns\)/);
    const mode = await bang(["play", "--mode", "triel"]);
    expect(mode.code).toBe(2);
    expect(mode.stderr).toMatch(/^bang play: --mode: unknown game "triel"/);
  });

  it("R8.7 a refused duel command prints its code and asks again; nothing changes (the old spelling --mode duel)", async () => {
    const run = await bang(["play", "--mode", "duel", "--seed", "3", "--seat", "1"], "pick s\nresolve shot:0@9\nreroll 0\nquit\n");
    expect(run.code).toBe(0);
    // Before the first roll: a pick outside a duel, then a resolve in the wrong phase, then a reroll before the roll.
    expect(run.stdout).toMatch(/WRONG_PHASE: pick: there is no duel to pick for/);
    expect(run.stdout).toMatch(/WRONG_PHASE: resolve: not allowed while rolling|NOT_YOUR_TURN/);
  });
});

describe("bang simulate --game dice_duel", () => {
  it("R8.10 --games 40 --json: every duel has one winner (seat wins add up), the same on every run but games/s", async () => {
    const args = ["simulate", "--game", "dice_duel", "--games", "40", "--seed", "9", "--json"];
    const [a, b] = await Promise.all([bang(args), bang(args)]);
    expect(a.code).toBe(0);
    const x = JSON.parse(a.stdout) as { game: string; games: number; players: number; seats: Record<string, { won: number }>; starter: { won: number }; duelsPerGame: number; averageTurns: number; gamesPerSecond: number };
    const y = JSON.parse(b.stdout) as typeof x;
    expect([x.game, x.games, x.players]).toEqual(["dice_duel", 40, 2]);
    expect(x.seats.p1!.won + x.seats.p2!.won).toBe(40);
    expect(x.starter.won).toBeLessThanOrEqual(40);
    expect(x.duelsPerGame).toBeGreaterThan(0);
    expect(x.averageTurns).toBeGreaterThan(1);
    expect({ ...x, gamesPerSecond: 0 }).toEqual({ ...y, gamesPerSecond: 0 });
  });

  it("prints the seats' and the starter's wins for people", async () => {
    const run = await bang(["simulate", "--mode", "duel", "--games", "5", "--seed", "2"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Simulated 5 games of Bang! The Dice Game: the duel, 2 players, heuristic bots, seeds 2 to 6\./);
    expect(run.stdout).toMatch(/Wins \(games won, share\)\n {2}p1 +\d+ +\d+\.\d%\n {2}p2 +\d+ +\d+\.\d%\n {2}starting player +\d+ +\d+\.\d%/);
    expect(run.stdout).toMatch(/^Duels per game +\d+\.\d{3}$/m);
  });
});

describe("bang replay of a duel log", () => {
  it("R8.9 replays a saved duel entry by entry, both hideouts after each, picks revealed, and names the winner", async () => {
    const saveDir = join(dir, "sim");
    const sim = await bang(["simulate", "--game", "dice_duel", "--games", "3", "--seed", "21", "--save-dir", saveDir]);
    expect(sim.code).toBe(0);
    const file = join(saveDir, "game-1-seed-21.json");
    const log = JSON.parse(readFileSync(file, "utf8")) as GameLog;
    expect(log.game).toBe("dice_duel");
    const last = lastState(file);
    const run = await bang(["replay", "--all", file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^== start: Bang! The Dice Game: the duel, 2 players, seed 21, \d+ entries ==/);
    expect(run.stdout.split("\n").filter((l) => GRID.test(l)).length).toBe(2 * (log.entries.length + 1));
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(`Winner: ${last.winner!.players[0]} wins the duel.`);
    if (log.entries.some((e) => e.command.type === "pick")) expect(run.stdout).toMatch(/Revealed: p[12] (sheriff|outlaw|renegade), p[12] (sheriff|outlaw|renegade)/);
  });

  it("replays a duel log saved before games were modules: setup.mode \"duel\", forced throws in an entry's dice", async () => {
    const file = join(dir, "old-duel.json");
    const old = {
      setup: { mode: "duel", players: [{ id: "p1" }, { id: "p2" }], seed: 3, turn: "p1" },
      entries: [{ command: { type: "roll", by: "p1" }, dice: [["1", "1", "2", "gatling", "beer"]] }, { command: { type: "stop", by: "p1" } }],
    };
    writeFileSync(file, JSON.stringify(old));
    const state = await bang(["replay", file, "--step", "1", "--json"]);
    expect(state.stderr).toBe("");
    expect(state.code).toBe(0);
    expect(JSON.parse(state.stdout)).toMatchObject({ stateId: 2, dice: ["1", "1", "2", "gatling", "beer"], phase: "resolving" });
    const text = await bang(["replay", file, "--all"]);
    expect(text.stdout).toMatch(/^== start: Bang! The Dice Game: the duel, 2 players, seed 3, 2 entries ==/);
    expect(text.stdout).toContain("p1 rolls: 0:1 1:1 2:2 3:gatling 4:beer");
    expect(text.stdout.trimEnd().split("\n").at(-1)).toMatch(/^The log ends at turn 1, before the game is over\.$/);
  });
});
