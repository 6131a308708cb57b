import { CHARACTERS, type Character, type GameState, type Team } from "@bang/engine";

/** The teams that can win a table of `players` seats (R6; R7.3 for 3 players, where teams are roles). */
export function teamsFor(players: number): Team[] {
  return players === 3 ? ["deputy", "outlaw", "renegade"] : ["law", "outlaws", "renegade"];
}

export interface SimulationSummary {
  games: number;
  players: number;
  seed: number;
  bots: string;
  /** Games won per team, and the share of all games. */
  teams: Record<string, { won: number; rate: number }>;
  /** Per character: games it was dealt in, games its player won, and the share (null when never dealt). */
  characters: Record<Character, { played: number; won: number; rate: number | null }>;
  /** Mean of the final `turnNumber`. */
  averageTurns: number;
  averageCommands: number;
  /** The only figure that depends on the machine. */
  gamesPerSecond: number;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Adds finished games up into a SimulationSummary. */
export class Tally {
  private games = 0;
  private turns = 0;
  private commands = 0;
  private readonly teamWins = new Map<string, number>();
  private readonly played = new Map<Character, number>();
  private readonly won = new Map<Character, number>();

  constructor(private readonly options: { players: number; seed: number; bots: string }) {
    for (const team of teamsFor(options.players)) this.teamWins.set(team, 0);
  }

  /** Counts one finished game (phase gameOver, with a winner). */
  add(state: GameState, commands: number): void {
    const winner = state.winner;
    if (!winner) throw new Error(`game ${this.games + 1} ended without a winner (phase ${state.phase})`);
    this.games++;
    this.turns += state.turnNumber;
    this.commands += commands;
    this.teamWins.set(winner.team, (this.teamWins.get(winner.team) ?? 0) + 1);
    for (const p of state.players) {
      this.played.set(p.character, (this.played.get(p.character) ?? 0) + 1);
      if (winner.players.includes(p.id)) this.won.set(p.character, (this.won.get(p.character) ?? 0) + 1);
    }
  }

  summary(seconds: number): SimulationSummary {
    const n = this.games;
    const teams: SimulationSummary["teams"] = {};
    for (const [team, won] of this.teamWins) teams[team] = { won, rate: n === 0 ? 0 : round(won / n, 4) };
    const characters = {} as SimulationSummary["characters"];
    for (const c of CHARACTERS) {
      const played = this.played.get(c) ?? 0;
      const won = this.won.get(c) ?? 0;
      characters[c] = { played, won, rate: played === 0 ? null : round(won / played, 4) };
    }
    return {
      games: n,
      ...this.options,
      teams,
      characters,
      averageTurns: n === 0 ? 0 : round(this.turns / n, 3),
      averageCommands: n === 0 ? 0 : round(this.commands / n, 3),
      gamesPerSecond: seconds > 0 ? round(n / seconds, 1) : 0,
    };
  }
}
