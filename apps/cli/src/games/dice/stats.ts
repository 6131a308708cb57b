/**
 * The dice game's figures of `bang simulate`: the win rate by team (R6; with 3 players the roles, R7.3)
 * and by character (part B).
 */
import { CHARACTERS, type Character, type Command, type GameState, type Team } from "@bang/game-dice";
import { columns, percent, round } from "../../shell/text.js";
import { ShareCounter, shareRows, type Share } from "../../shell/shares.js";
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
  characters: Record<Character, Share>;
}


/** Adds finished games up into DiceFigures. */
export class Tally implements SimulationTally<GameState, Command> {
  private games = 0;
  private readonly teamWins = new Map<string, number>();
  private readonly characters = new ShareCounter<Character>(CHARACTERS);

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
      this.characters.count(p.character, winner.players.includes(p.id));
    }
  }

  figures(): DiceFigures & Record<string, unknown> {
    const n = this.games;
    const teams: DiceFigures["teams"] = {};
    for (const [team, won] of this.teamWins) teams[team] = { won, rate: n === 0 ? 0 : round(won / n, 4) };
    const characters = this.characters.shares();
    return { teams, characters };
  }

  render(): string[] {
    const { teams, characters } = this.figures();
    return [
      "Win rate by team (games won, share)",
      ...columns(Object.entries(teams).map(([team, t]) => [team, String(t.won), percent(t.rate)])),
      "",
      "Win rate by character (games played, won, share)",
      ...shareRows(characters),
    ];
  }
}
