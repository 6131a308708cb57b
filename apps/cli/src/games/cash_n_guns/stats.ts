/**
 * Ca$h 'n Guns' figures of `bang simulate` (RULES-cash-n-guns.md part F): how games were won (F7:
 * `richest`, `last_survivor`, `all_dead`), shared victories (F7.7), the winners' totals (F7.5; games won
 * by `richest`), the diamond bonus (F7.4), deaths per game (F4.5) and wins by seat.
 */
import type { CngCommand, CngState, WinReason } from "@bang/game-cash-n-guns";
import { columns, percent, round } from "../../shell/text.js";
import type { SimulationTally } from "../../shell/game-ui.js";
import { seatIds } from "../../shell/match.js";
import { dollars } from "./format.js";

/** What the tally adds to a simulation's summary. */
export interface CngFigures {
  /** Games ended each way (F7), and the share of all games. */
  reasons: Record<WinReason, { games: number; rate: number }>;
  /** Games won by more than one player (F7.7). */
  sharedVictories: number;
  /** The totals of the winners of games won by `richest` (one per winner): mean, lowest, highest; null when none. */
  winnerTotal: { average: number; min: number; max: number } | null;
  /** Games where a player took the diamond bonus (F7.4). */
  diamondBonus: number;
  /** Players dead at the end, per game. */
  deathsPerGame: number;
  /** Wins per seat (a shared victory counts for each winner). */
  seats: Record<string, { won: number; rate: number }>;
}

/** Adds finished games up into CngFigures. */
export class CngTally implements SimulationTally<CngState, CngCommand> {
  private games = 0;
  private deaths = 0;
  private shared = 0;
  private bonus = 0;
  private readonly reasons = new Map<WinReason, number>([
    ["richest", 0],
    ["last_survivor", 0],
    ["all_dead", 0],
  ]);
  private readonly totals: number[] = [];
  private readonly wins: Map<string, number>;

  constructor(players: number) {
    this.wins = new Map(seatIds(players).map((id) => [id, 0]));
  }

  /** Counts one finished game (phase game_over). Throws for a game without a winner record. */
  add(state: CngState): void {
    const winner = state.winner;
    if (!winner) throw new Error(`game ${this.games + 1} ended without a result (phase ${state.phase})`);
    this.games++;
    this.reasons.set(winner.reason, (this.reasons.get(winner.reason) ?? 0) + 1);
    if (winner.players.length > 1) this.shared++;
    if (state.scoring?.diamondBonus) this.bonus++;
    this.deaths += state.players.filter((p) => !p.alive).length;
    for (const id of winner.players) {
      this.wins.set(id, (this.wins.get(id) ?? 0) + 1);
      const total = state.scoring?.totals[id];
      if (winner.reason === "richest" && total !== undefined) this.totals.push(total);
    }
  }

  figures(): CngFigures & Record<string, unknown> {
    const n = Math.max(this.games, 1);
    const reasons = Object.fromEntries([...this.reasons].map(([r, games]) => [r, { games, rate: round(games / n, 4) }])) as CngFigures["reasons"];
    const t = this.totals;
    return {
      reasons,
      sharedVictories: this.shared,
      winnerTotal: t.length === 0 ? null : { average: round(t.reduce((a, b) => a + b, 0) / t.length, 1), min: Math.min(...t), max: Math.max(...t) },
      diamondBonus: this.bonus,
      deathsPerGame: round(this.deaths / n, 3),
      seats: Object.fromEntries([...this.wins].map(([id, won]) => [id, { won, rate: round(won / n, 4) }])),
    };
  }

  render(): string[] {
    const f = this.figures();
    const w = f.winnerTotal;
    return [
      "How games ended (games, share)",
      ...columns(Object.entries(f.reasons).map(([r, x]) => [r, String(x.games), percent(x.rate)])),
      "",
      "Wins by seat (games won, share; a shared victory counts for each winner)",
      ...columns(Object.entries(f.seats).map(([id, x]) => [id, String(x.won), percent(x.rate)])),
      "",
      ...columns(
        [
          ["Winners' total (richest)", w === null ? "-" : `average ${dollars(Math.round(w.average))}, lowest ${dollars(w.min)}, highest ${dollars(w.max)}`],
          ["Shared victories", String(f.sharedVictories)],
          ["Games with the diamond bonus", String(f.diamondBonus)],
          ["Deaths per game", f.deathsPerGame.toFixed(3)],
        ],
        "",
      ),
    ];
  }
}
