/**
 * `bang simulate --game cards|cash_n_guns`: the figures of each game's tally, checked against the same
 * games played here through the modules (same seeds, same bots): a broken tally or a game that did
 * not end as its rules say changes them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { playMatch, type AnyGameModule, type StateBase } from "@bang/game-core";
import { cards, type GameState } from "@bang/game-cards";
import { cashNGuns, type CngState } from "@bang/game-cash-n-guns";
import { seatBots, tableSetup } from "../src/shell/match.js";
import { bang, ensureBuilt } from "./bang.js";

beforeAll(ensureBuilt, 300_000);

/** The last states of `games` bot games of `module`, seeds `seed`..., as `bang simulate` plays them. */
function lastStates(module: AnyGameModule, games: number, players: number, seed: number, bots: "heuristic" | "random"): StateBase[] {
  return Array.from({ length: games }, (_, i) => {
    const setup = tableSetup(module, players, seed + i);
    const seats = seatBots(module, bots, setup);
    return playMatch(module, setup, (id) => seats.get(id)!).state;
  });
}

describe("bang simulate --game cards", () => {
  it("E9 wins by team, characters and eliminations are those of the same games played through the module", async () => {
    const run = await bang(["simulate", "--game", "cards", "--games", "12", "--players", "5", "--seed", "3", "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const s = JSON.parse(run.stdout) as { game: string; teams: Record<string, { won: number }>; characters: Record<string, { played: number; won: number }>; eliminationsPerGame: number; averageTurns: number };
    const states = lastStates(cards, 12, 5, 3, "heuristic") as GameState[];
    expect(s.game).toBe("cards");
    const wins = (team: string) => states.filter((x) => x.winner?.team === team).length;
    expect(Object.fromEntries(Object.entries(s.teams).map(([t, x]) => [t, x.won]))).toEqual({ law: wins("law"), outlaws: wins("outlaws"), renegade: wins("renegade") });
    expect(Object.values(s.characters).reduce((n, c) => n + c.played, 0)).toBe(60);
    expect(Object.values(s.characters).reduce((n, c) => n + c.won, 0)).toBe(states.reduce((n, x) => n + x.winner!.players.length, 0));
    expect(s.eliminationsPerGame).toBeCloseTo(states.reduce((n, x) => n + x.players.filter((p) => !p.alive).length, 0) / 12, 3);
    expect(s.averageTurns).toBeCloseTo(states.reduce((n, x) => n + x.turnNumber, 0) / 12, 3);
  });

  it("prints the figures for people", async () => {
    const run = await bang(["simulate", "--game", "cards", "--games", "4", "--players", "4", "--seed", "2", "--bots", "random"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Simulated 4 games of Bang! the card game, 4 players, random bots, seeds 2 to 5\./);
    expect(run.stdout).toMatch(/Wins by team[^\n]*\n  law +\d+ +\d+\.\d%\n  outlaws +\d+ +\d+\.\d%\n  renegade +\d+ +\d+\.\d%/);
    expect(run.stdout).toMatch(/^Eliminations per game +\d\.\d{3}$/m);
  });
});

describe("bang simulate --game cash_n_guns", () => {
  it("F7 how games ended, the winners' totals, deaths and wins by seat are those of the same games played through the module", async () => {
    const run = await bang(["simulate", "--game", "cash_n_guns", "--games", "15", "--players", "6", "--seed", "4", "--bots", "random", "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const s = JSON.parse(run.stdout) as {
      reasons: Record<string, { games: number }>;
      winnerTotal: { average: number; min: number; max: number } | null;
      deathsPerGame: number;
      sharedVictories: number;
      diamondBonus: number;
      seats: Record<string, { won: number }>;
      averageTurns: number;
    };
    const states = lastStates(cashNGuns, 15, 6, 4, "random") as CngState[];
    const ended = (reason: string) => states.filter((x) => x.winner?.reason === reason).length;
    expect(Object.fromEntries(Object.entries(s.reasons).map(([r, x]) => [r, x.games]))).toEqual({ richest: ended("richest"), last_survivor: ended("last_survivor"), all_dead: ended("all_dead") });
    const totals = states.filter((x) => x.winner?.reason === "richest").flatMap((x) => x.winner!.players.map((id) => x.scoring!.totals[id]!));
    expect(s.winnerTotal).toEqual({ average: Math.round((totals.reduce((a, b) => a + b, 0) / totals.length) * 10) / 10, min: Math.min(...totals), max: Math.max(...totals) });
    const deaths = states.reduce((n, x) => n + x.players.filter((p) => !p.alive).length, 0);
    expect(deaths).toBeGreaterThan(0);
    expect(s.deathsPerGame).toBeCloseTo(deaths / 15, 3);
    expect(s.sharedVictories).toBe(states.filter((x) => x.winner!.players.length > 1).length);
    expect(s.diamondBonus).toBe(states.filter((x) => x.scoring?.diamondBonus).length);
    for (const [id, x] of Object.entries(s.seats)) expect(x.won, id).toBe(states.filter((st) => st.winner!.players.includes(id)).length);
    expect(s.averageTurns).toBe(8);
  });

  it("prints the figures for people", async () => {
    const run = await bang(["simulate", "--game", "cash_n_guns", "--games", "3", "--seed", "1"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Simulated 3 games of Ca\$h 'n Guns, 5 players, heuristic bots, seeds 1 to 3\./);
    expect(run.stdout).toMatch(/How games ended[^\n]*\n  richest +\d +\d+\.\d%\n  last_survivor +\d +\d+\.\d%\n  all_dead +\d +\d+\.\d%/);
    expect(run.stdout).toMatch(/^Winners' total \(richest\) +average \$[\d,]+, lowest \$[\d,]+, highest \$[\d,]+$/m);
    expect(run.stdout).toMatch(/^Deaths per game +\d\.\d{3}$/m);
  });
});
