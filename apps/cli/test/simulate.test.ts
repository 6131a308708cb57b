import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bang, ensureBuilt, tempDir } from "./bang.js";

/** The logs of --save-dir, removed once the file's tests end. */
const saved = tempDir("bang-simulate-");

interface Summary {
  game: string;
  games: number;
  players: number;
  seed: number;
  bots: string;
  teams: Record<string, { won: number; rate: number }>;
  characters: Record<string, { played: number; won: number; rate: number | null }>;
  averageTurns: number;
  averageCommands: number;
  gamesPerSecond: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

beforeAll(ensureBuilt, 300_000);

describe("bang simulate", () => {
  it("--games 20 --players 4 --seed 7 --json: 20 games, wins adding up to 20, the same on every run but games/s", async () => {
    const args = ["simulate", "--games", "20", "--players", "4", "--seed", "7", "--json"];
    const [first, second] = await Promise.all([bang(args), bang(args)]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("");
    const a = JSON.parse(first.stdout) as Summary;
    const b = JSON.parse(second.stdout) as Summary;
    expect([a.game, a.games]).toEqual(["dice", 20]);
    expect([a.players, a.seed, a.bots]).toEqual([4, 7, "heuristic"]);
    expect(Object.keys(a.teams)).toEqual(["law", "outlaws", "renegade"]);
    expect(sum(Object.values(a.teams).map((t) => t.won))).toBe(20);
    for (const t of Object.values(a.teams)) expect(t.rate).toBeCloseTo(t.won / 20, 4);
    // 4 seats a game, each dealt a distinct character (R1.3).
    expect(sum(Object.values(a.characters).map((c) => c.played))).toBe(80);
    expect(Object.keys(a.characters)).toHaveLength(16);
    // A game's winners are the law (sheriff + deputies: 1 with 4 players), both outlaws, or the renegade.
    const winners = sum(Object.values(a.characters).map((c) => c.won));
    expect(winners).toBe(a.teams.law!.won * 1 + a.teams.outlaws!.won * 2 + a.teams.renegade!.won * 1);
    expect(a.averageTurns).toBeGreaterThan(1);
    expect(a.averageCommands).toBeGreaterThan(a.averageTurns);
    expect(a.gamesPerSecond).toBeGreaterThan(0);
    expect({ ...a, gamesPerSecond: 0 }).toEqual({ ...b, gamesPerSecond: 0 });
  });

  it("--game dice and the old spelling --mode classic play the same games as the default", async () => {
    const runs = await Promise.all([[], ["--game", "dice"], ["--mode", "classic"]].map((game) => bang(["simulate", ...game, "--games", "5", "--players", "4", "--seed", "7", "--json"])));
    const [a, b, c] = runs.map((r) => ({ ...(JSON.parse(r.stdout) as Summary), gamesPerSecond: 0 }));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("another seed gives other games", async () => {
    const runs = await Promise.all([7, 8].map((seed) => bang(["simulate", "--games", "20", "--players", "4", "--seed", String(seed), "--json"])));
    const [a, b] = runs.map((r) => ({ ...(JSON.parse(r.stdout) as Summary), gamesPerSecond: 0, seed: 0 }));
    expect(a).not.toEqual(b);
  });

  it("R7.1: with 3 players the teams are the roles deputy, outlaw, renegade; random bots finish too", async () => {
    const run = await bang(["simulate", "--games", "10", "--players", "3", "--seed", "3", "--bots", "random", "--json"]);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as Summary;
    expect(Object.keys(s.teams)).toEqual(["deputy", "outlaw", "renegade"]);
    expect(sum(Object.values(s.teams).map((t) => t.won))).toBe(10);
    // R7.3: a 3-player game has exactly one winner.
    expect(sum(Object.values(s.characters).map((c) => c.won))).toBe(10);
    expect(s.bots).toBe("random");
  });

  it("prints a readable summary without --json, and no progress bar when stdout is not a terminal", async () => {
    const run = await bang(["simulate", "--games", "5", "--players", "6", "--seed", "2"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Simulated 5 games of Bang! The Dice Game, 6 players, heuristic bots, seeds 2 to 6\./);
    expect(run.stdout).toMatch(/Win rate by team[^\n]*\n  law +\d+ +\d+\.\d%\n  outlaws +\d+ +\d+\.\d%\n  renegade +\d+ +\d+\.\d%/);
    expect(run.stdout).toContain("Win rate by character");
    expect(run.stdout).toMatch(/Average turns per game +\d+\.\d\d/);
    expect(run.stdout).toMatch(/Average commands per game +\d+\.\d\d/);
    expect(run.stdout).toMatch(/Games per second +\d+\.\d/);
    expect(run.stdout).not.toContain("\u2588"); // cli-progress's bar character
  });

  it("--save-dir writes each game's log, which bang replay plays to the end", async () => {
    const dir = join(saved, "logs");
    const run = await bang(["simulate", "--games", "3", "--players", "5", "--seed", "40", "--save-dir", dir, "--json"]);
    expect(run.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(["game-1-seed-40.json", "game-2-seed-41.json", "game-3-seed-42.json"]);
    const log = JSON.parse(readFileSync(join(dir, files[0]!), "utf8")) as { game: string; setup: { seed: number; players: { id: string }[] }; entries: unknown[] };
    expect(log.game).toBe("dice");
    expect(log.setup.seed).toBe(40);
    expect(log.setup.players.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    const replayed = await bang(["replay", join(dir, files[0]!), "--all"]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.trimEnd().split("\n").at(-1)).toMatch(/^Winner: the (law|outlaws|renegade) wins? \(/);
  });

  const bad: [string[], string][] = [
    [["--players", "9"], '--players: expected an integer from 3 to 8, got "9"'],
    [["--players", "2"], '--players: expected an integer from 3 to 8, got "2"'],
    [["--games", "zero"], '--games: expected an integer from 1 to 1000000, got "zero"'],
    [["--games"], "--games: a value is required"],
    [["--bots", "smart"], '--bots: expected one of heuristic, random, got "smart"'],
    [["--seed", "1.5"], "--seed: expected an integer"],
    [["--fast"], "unknown option --fast"],
    [["--game", "triel"], '--game: unknown game "triel" (one of dice, dice_duel, cards, cash_n_guns)'],
    [["--game", "dice", "--mode", "duel"], "--game and --mode: give one"],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${args.join(" ")}: one line naming the option, exit 2`, async () => {
      const run = await bang(["simulate", ...args]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`bang simulate: ${message}`);
    });
  }
});
