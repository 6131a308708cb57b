import { beforeAll, describe, expect, it } from "vitest";
import { bang, ensureBuilt, hasStack } from "./bang.js";

beforeAll(ensureBuilt, 300_000);

describe("bang", () => {
  it("--help lists the commands (exit 0)", async () => {
    const run = await bang(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: bang <command> \[options\]/);
    for (const command of ["scenario", "simulate", "play", "bots", "replay", "queue", "tournament"]) expect(run.stdout).toMatch(new RegExp(`^  ${command} +\\S`, "m"));
  });

  it("without a command prints the usage on stderr, exit 2", async () => {
    const run = await bang([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^Usage: bang <command>/);
  });

  for (const command of ["scenario", "simulate", "play", "bots", "replay", "queue", "tournament"]) {
    it(`${command} --help and help ${command} print its usage and options`, async () => {
      const [a, b] = await Promise.all([bang([command, "--help"]), bang(["help", command])]);
      expect(a.code).toBe(0);
      expect(a.stdout).toMatch(new RegExp(`^Usage: bang ${command} `));
      expect(a.stdout).toContain("-h, --help");
      expect(b.stdout).toBe(a.stdout);
    });
  }

  it("play --help names every game, the old --mode spelling, and each game's commands", async () => {
    const run = await bang(["play", "--help"]);
    expect(run.stdout).toMatch(/^ {2}--game ID +the game: dice \(default\), dice_duel, cards, cash_n_guns$/m);
    expect(run.stdout).toMatch(/^ {2}--mode NAME +the old spelling of --game, by a game's earlier name \(classic = dice, duel = dice_duel\)$/m);
    expect(run.stdout).toMatch(/^Commands of Bang! The Dice Game \(--game dice\):\n {2}roll /m);
    expect(run.stdout).toMatch(/^Commands of Bang! The Dice Game: the duel \(--game dice_duel\):\n {2}roll /m);
    expect(run.stdout).toMatch(/^ {2}pick sheriff\|outlaw\|renegade/m);
    const simulate = await bang(["simulate", "--help"]);
    expect(simulate.stdout).toMatch(/^ {2}--game ID +the game: dice \(default\), dice_duel, cards, cash_n_guns$/m);
  });

  it("an unknown command: one line, exit 2", async () => {
    const run = await bang(["dance"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('bang: unknown command "dance" (one of scenario, simulate, play, bots, replay, queue, tournament, admin); see bang --help\n');
  });

  const bad: [string[], string][] = [
    [["scenario"], "bang scenario: give at least one scenario FILE"],
    [["scenario", "--verbose", "x.json"], "bang scenario: unknown option --verbose"],
    [["simulate", "--json=yes"], "bang simulate: --json: takes no value"],
    [["simulate", "--seed", "-4"], 'bang simulate: --seed: a value is required (for a value starting with "-", write --seed=-1)'],
    [["replay"], "bang replay: give the game log FILE to replay"],
    [["replay", "a.json", "b.json"], 'bang replay: one FILE at a time, got also "b.json"'],
    [["replay", "a.json", "--step", "1", "--all"], "bang replay: --step and --all: choose one"],
    [["play", "--seat"], "bang play: --seat: a value is required"],
    [["play", "extra"], 'bang play: unexpected argument "extra"'],
    [["play", "--game", "chess"], 'bang play: --game: unknown game "chess" (one of dice, dice_duel, cards, cash_n_guns)'],
    [["simulate", "--mode", "chess"], 'bang simulate: --mode: unknown game "chess" (one of classic, dice, duel, dice_duel, cards, cash_n_guns)'],
  ];
  for (const [args, message] of bad) {
    it(`bang ${args.join(" ")}: "${message}", exit 2, no stack trace`, async () => {
      const run = await bang(args);
      expect(run.code).toBe(2);
      expect(run.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      expect(run.stderr.startsWith(message)).toBe(true);
      expect(hasStack(run.stderr)).toBe(false);
    });
  }
});
