/**
 * The duel's figures of `bang simulate` (RULES.md part D): the win rate by seat and of the starting
 * player (the seed draws who starts, R8.1), duels started and equal-pick replays per game (R8.9).
 */
import type { DuelCommand, DuelState } from "@bang/game-dice-duel";
import { columns, percent, round } from "../../shell/text.js";
import type { SimulationTally } from "../../shell/game-ui.js";
import { seatIds } from "../../shell/match.js";

/** What the tally adds to a simulation's summary. */
export interface DuelFigures {
  /** Games won by each seat (p1, p2), and the share. */
  seats: Record<string, { won: number; rate: number }>;
  /** Games won by the player who took the first turn. */
  starter: { won: number; rate: number };
  /** Duels started per game (a duel played again counts once), and equal-pick replays per game. */
  duelsPerGame: number;
  replaysPerGame: number;
}

/** The commands after which a duel may start (the end of a roll or of a resolution, R8.9). */
const MAY_START_A_DUEL: ReadonlySet<string> = new Set(["roll", "reroll", "stop", "resolve"]);

/** Adds finished duels up into DuelFigures. */
export class DuelTally implements SimulationTally<DuelState, DuelCommand> {
  private games = 0;
  private readonly wins: Map<string, number>;
  private starterWins = 0;
  private duels = 0;
  /** Plays of a duel: each takes two picks (a pick or a timeout each). */
  private plays = 0;

  constructor(players: number) {
    this.wins = new Map(seatIds(players).map((id) => [id, 0]));
  }

  step(state: DuelState, command: DuelCommand): void {
    if (MAY_START_A_DUEL.has(command.type) && state.phase === "duel" && state.duel?.round === 1 && state.duel.picks.every((p) => p === null)) this.duels++;
  }

  /** Counts one finished duel; its first command's player is the one who started. */
  add(state: DuelState, commands: readonly DuelCommand[]): void {
    const winner = state.winner?.players[0];
    if (winner === undefined) throw new Error(`duel ${this.games + 1} ended without a winner (phase ${state.phase})`);
    this.games++;
    this.wins.set(winner, (this.wins.get(winner) ?? 0) + 1);
    if (winner === commands[0]?.by) this.starterWins++;
    this.plays += commands.filter((c) => c.type === "pick" || c.type === "pickTimeout").length / 2;
  }

  figures(): DuelFigures & Record<string, unknown> {
    const n = Math.max(this.games, 1);
    return {
      seats: Object.fromEntries([...this.wins].map(([id, won]) => [id, { won, rate: round(won / n, 4) }])),
      starter: { won: this.starterWins, rate: round(this.starterWins / n, 4) },
      duelsPerGame: round(this.duels / n, 3),
      replaysPerGame: round((this.plays - this.duels) / n, 3),
    };
  }

  render(): string[] {
    const f = this.figures();
    return [
      "Wins (games won, share)",
      ...columns([...Object.entries(f.seats).map(([id, x]) => [id, String(x.won), percent(x.rate)]), ["starting player", String(f.starter.won), percent(f.starter.rate)]]),
      "",
      ...columns(
        [
          ["Duels per game", f.duelsPerGame.toFixed(3)],
          ["Equal-pick replays per game", f.replaysPerGame.toFixed(3)],
        ],
        "",
      ),
    ];
  }
}
