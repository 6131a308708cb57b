/**
 * Small reads of a Ca$h 'n Guns view for the table (no state, no I/O): the viewer's seat, the step in
 * words, who has chosen in a simultaneous step (never what, F8.4 to F8.7), the revealed aims, the share
 * order (F5.1, F5.2) and the final ranking (F7.7). Everything comes from the viewer's own view.
 */
import type { CngSeatView, CngView, Phase } from "@bang/game-cash-n-guns";

/** The viewer's own seat, or null for a spectator. */
export function mySeat(view: CngView, me: string | null): CngSeatView | null {
  return view.players.find((p) => p.id === me) ?? null;
}

/** F3.1: each step of the round as the table names it. */
export const STEP_WORDS: Record<Phase, string> = {
  loot: "the loot",
  bullet_choice: "bullet choice",
  hold_up: "hold-up",
  godfather_privilege: "the Godfather's privilege",
  retarget: "a new target",
  courage: "courage",
  card_effects: "card effects",
  sharing: "sharing the loot",
  game_over: "game over",
};

/** F3.3, F3.5, F3.7: the steps where every living player chooses at once, in secret. */
const SECRET_STEPS: readonly Phase[] = ["bullet_choice", "hold_up", "courage"];

/** Whether `phase` is one of the simultaneous secret steps (bullet choice, hold-up, courage). */
export const isSecretStep = (phase: Phase): boolean => SECRET_STEPS.includes(phase);

/**
 * F8.4, F8.5, F8.7: in a simultaneous step, whether `seat` has chosen (`chosen`), is still choosing
 * (`choosing`), or takes no part (null: dead, or another step). Read from whom the game waits for, the
 * same for every viewer whatever was chosen.
 */
export function choiceMark(view: CngView, seat: CngSeatView): "chosen" | "choosing" | null {
  if (!seat.alive || !isSecretStep(view.phase)) return null;
  return view.waitingFor.includes(seat.id) ? "choosing" : "chosen";
}

/** F8.5: whether this round's aims are shown to everyone in `view` (after the hold-up). */
export function aimsRevealed(view: CngView): boolean {
  return !["bullet_choice", "hold_up"].includes(view.phase) && view.players.some((p) => p.aim !== null && p.aim !== "hidden");
}

/** F3.5, F8.5: the target `seat` holds up as `view` shows it: an id once revealed (or the viewer's own), else null. */
export function aimOf(seat: CngSeatView): string | null {
  return seat.aim === null || seat.aim === "hidden" ? null : seat.aim;
}

/** F8.5: the living players whose revealed aim is at `id`, in seat order. */
export function aimersOf(view: CngView, id: string): string[] {
  return view.players.filter((p) => p.alive && p.id !== id && aimOf(p) === id && (aimsRevealed(view) || view.phase === "game_over")).map((p) => p.id);
}

/**
 * F5.1, F5.2: in `sharing`, the eligible players (living, standing: they chose `stand` and were not
 * wounded, F4.4) clockwise from the Godfather's seat, the first share first; empty in another step.
 */
export function shareOrder(view: CngView): string[] {
  if (view.phase !== "sharing") return [];
  const start = Math.max(0, view.players.findIndex((p) => p.id === view.godfather));
  const round = view.players.map((_, k) => view.players[(start + k) % view.players.length]!);
  return round.filter((p) => p.alive && p.status === "standing" && p.courage === "stand").map((p) => p.id);
}

/** One line of the final ranking (F7.5, F7.7, F8.11). */
export interface RankLine {
  id: string;
  /** 1 for the winners; the places after follow the order (equal total and wounds share a place). */
  place: number;
  winner: boolean;
  alive: boolean;
  /** F7.5: the total (null for a dead player, or a game won by `last_survivor` or ended `all_dead`: nothing is counted, F7.1). */
  total: number | null;
  wounds: number;
  diamondBonus: boolean;
}

/**
 * F7.1, F7.2, F7.7, F10.5, F10.14: the final ranking of a finished game, null before, in the order of
 * the module's result: the winners at place 1 (a shared victory shares it), then the other living
 * players by total, most wounds first on a tie (F7.7), then the dead sharing the last place (their loot
 * counts for nothing, F10.5). With `all_dead` nobody wins and every seat shares place 2 (F7.2).
 */
export function ranking(view: CngView): RankLine[] | null {
  if (view.phase !== "game_over" || !view.winner) return null;
  const winners = view.winner.players;
  const line = (p: CngSeatView, place: number): RankLine => ({ id: p.id, place, winner: winners.includes(p.id), alive: p.alive, total: p.alive ? p.score : null, wounds: p.wounds, diamondBonus: view.diamondBonus === p.id });
  if (view.winner.reason === "all_dead") return view.players.map((p) => line(p, 2));
  const key = (p: CngSeatView): number[] => [winners.includes(p.id) ? 0 : 1, p.alive ? 0 : 1, -(p.score ?? 0), p.alive ? -p.wounds : 0];
  const cmp = (a: CngSeatView, b: CngSeatView) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  };
  const sorted = [...view.players].sort(cmp);
  const lines: RankLine[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    lines.push(line(p, prev && cmp(prev, p) === 0 ? lines[i - 1]!.place : i + 1));
  });
  return lines;
}
