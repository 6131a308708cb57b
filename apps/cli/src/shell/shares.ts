/**
 * Wins counted per key (a team, a character, a seat...) for the figures of `bang simulate`: how often
 * each key was in a game, how often it won, and the share. Generic: a game's tally names its keys.
 */
import { columns, percent, round } from "./text.js";

/** One key's figures: games it was in, games won, won / played (null when never played). */
export interface Share {
  played: number;
  won: number;
  rate: number | null;
}

/** Counts games played and won per key of `keys` (the keys shown even when never counted). */
export class ShareCounter<K extends string> {
  private readonly played = new Map<K, number>();
  private readonly won = new Map<K, number>();

  constructor(private readonly keys: readonly K[]) {}

  /** Counts one game of `key`, won or not. */
  count(key: K, won: boolean): void {
    this.played.set(key, (this.played.get(key) ?? 0) + 1);
    if (won) this.won.set(key, (this.won.get(key) ?? 0) + 1);
  }

  /** Every key's Share, in the order of `keys`. */
  shares(): Record<K, Share> {
    const out = {} as Record<K, Share>;
    for (const k of this.keys) {
      const played = this.played.get(k) ?? 0;
      const won = this.won.get(k) ?? 0;
      out[k] = { played, won, rate: played === 0 ? null : round(won / played, 4) };
    }
    return out;
  }
}

/** Rows "key, played, won, share", the best share first (then the most played, then by name). */
export function shareRows(shares: Record<string, Share>): string[] {
  const byRate = Object.entries(shares).sort(([a, x], [b, y]) => (y.rate ?? -1) - (x.rate ?? -1) || y.played - x.played || a.localeCompare(b));
  return columns(byRate.map(([k, x]) => [k, String(x.played), String(x.won), percent(x.rate)]));
}
