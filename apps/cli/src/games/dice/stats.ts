/**
 * The dice game's figures of `bang simulate`: the win rate by team (R6; with 3 players the roles, R7.3)
 * and by character (part B).
 */
import { CHARACTERS, type Character, type Command, type GameState, type Team } from "@bang/game-dice";
import { columns, percent, round } from "../../shell/text.js";
import type { SimulationTally } from "../../shell/game-ui.js";

/** The teams that can win a table of `players` seats (R6; R7.3 for 3 players, where teams are roles). */
export function teamsFor(players: number): Team[] {
  return players === 3 ? ["deputy", "outlaw", "renegade"] : ["law", "outlaws", "renegade"];
}

/** What the tally adds to a simulation's summary. */
export interface DiceFigures {
  /** Games won per team, and the share of all games. */
  teams: Record<string, { won: number; rate: number }>;
  /** Per character: games it was dealt in, games its player won, and the share (null when never dealt). */
  characters: Record<Character, { played: number; won: number; rate: number | null }>;
}


/** Adds finished games up into DiceFigures. */
export class Tally implements SimulationTally<GameState, Command> {
  private games = 0;
  private readonly teamWins = new Map<string, number>();
  private readonly played = new Map<Character, number>();
  private readonly won = new Map<Character, number>();

  constructor(players: number) {
    for (const team of teamsFor(players)) this.teamWins.set(team, 0);
  }

  /** Counts one finished game (phase gameOver, with a winner). */
  add(state: GameState): void {
    const winner = state.winner;
    if (!winner) throw new Error(`game ${this.games + 1} ended without a winner (phase ${state.phase})`);
    this.games++;
    this.teamWins.set(winner.team, (this.teamWins.get(winner.team) ?? 0) + 1);
    for (const p of state.players) {
      this.played.set(p.character, (this.played.get(p.character) ?? 0) + 1);
      if (winner.players.includes(p.id)) this.won.set(p.character, (this.won.get(p.character) ?? 0) + 1);
    }
  }

  figures(): DiceFigures & Record<string, unknown> {
    const n = this.games;
    const teams: DiceFigures["teams"] = {};
    for (const [team, won] of this.teamWins) teams[team] = { won, rate: n === 0 ? 0 : round(won / n, 4) };
    const characters = {} as DiceFigures["characters"];
    for (const c of CHARACTERS) {
      const played = this.played.get(c) ?? 0;
      const won = this.won.get(c) ?? 0;
      characters[c] = { played, won, rate: played === 0 ? null : round(won / played, 4) };
    }
    return { teams, characters };
  }

  render(): string[] {
    const { teams, characters } = this.figures();
    const byRate = Object.entries(characters).sort(([a, x], [b, y]) => (y.rate ?? -1) - (x.rate ?? -1) || y.played - x.played || a.localeCompare(b));
    return [
      "Win rate by team (games won, share)",
      ...columns(Object.entries(teams).map(([team, t]) => [team, String(t.won), percent(t.rate)])),
      "",
      "Win rate by character (games played, won, share)",
      ...columns(byRate.map(([c, x]) => [c, String(x.played), String(x.won), percent(x.rate)])),
    ];
  }
}
