/**
 * The card game's figures of `bang simulate` (RULES-cards.md part E): wins by team (E9), the win rate
 * by character (E10), and the eliminations per game (E8). The shell adds the average turns.
 */
import { CHARACTERS, TEAMS, type Character, type Command, type GameState } from "@bang/game-cards";
import { columns, percent, round } from "../../shell/text.js";
import { ShareCounter, shareRows, type Share } from "../../shell/shares.js";
import type { SimulationTally } from "../../shell/game-ui.js";

/** What the tally adds to a simulation's summary. */
export interface CardsFigures {
  /** Games won per team (`law`, `outlaws`, `renegade`), and the share of all games. */
  teams: Record<string, { won: number; rate: number }>;
  /** Per character: games it was dealt in, games its player's team won, the share (null when never dealt). */
  characters: Record<Character, Share>;
  /** Players eliminated per game (E8), averaged. */
  eliminationsPerGame: number;
}

/** Adds finished card games up into CardsFigures. */
export class CardsTally implements SimulationTally<GameState, Command> {
  private games = 0;
  private eliminated = 0;
  private readonly teamWins = new Map<string, number>(TEAMS.map((t) => [t, 0]));
  private readonly characters = new ShareCounter<Character>(CHARACTERS);

  /** Counts one finished game (phase gameOver, with a winner). Throws for a game without one. */
  add(state: GameState): void {
    const winner = state.winner;
    if (!winner) throw new Error(`game ${this.games + 1} ended without a winner (phase ${state.phase})`);
    this.games++;
    this.teamWins.set(winner.team, (this.teamWins.get(winner.team) ?? 0) + 1);
    for (const p of state.players) {
      if (!p.alive) this.eliminated++;
      this.characters.count(p.character, winner.players.includes(p.id));
    }
  }

  figures(): CardsFigures & Record<string, unknown> {
    const n = this.games;
    const teams: CardsFigures["teams"] = {};
    for (const [team, won] of this.teamWins) teams[team] = { won, rate: n === 0 ? 0 : round(won / n, 4) };
    const characters = this.characters.shares();
    return { teams, characters, eliminationsPerGame: n === 0 ? 0 : round(this.eliminated / n, 3) };
  }

  render(): string[] {
    const { teams, characters, eliminationsPerGame } = this.figures();
    return [
      "Wins by team (games won, share)",
      ...columns(Object.entries(teams).map(([team, t]) => [team, String(t.won), percent(t.rate)])),
      "",
      "Win rate by character (games played, won, share)",
      ...shareRows(characters),
      "",
      ...columns([["Eliminations per game", eliminationsPerGame.toFixed(3)]], ""),
    ];
  }
}
