import type { CngEvent, CngState } from "../types.js";
import { living } from "./seats.js";

/** F3.7: whether every living player has chosen `stand` or `lie_down`. */
export function allCourageChosen(s: CngState): boolean {
  return living(s).every((p) => p.courage !== null);
}

/**
 * F3.7, F3.8, F8.7: the one reveal of every courage choice: players who chose `lie_down` now lie down
 * (their public status turns only here). Returns the event.
 */
export function revealCourage(s: CngState): CngEvent {
  const alive = living(s);
  for (const p of alive) if (p.courage === "lie_down") p.status = "lying_down";
  return { type: "courageRevealed", choices: alive.map((p) => ({ player: p.id, choice: p.courage! })) };
}
