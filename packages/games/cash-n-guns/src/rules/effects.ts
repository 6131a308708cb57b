import type { CngEvent, CngPlayer, CngState } from "../types.js";
import { discardInFront } from "./bullets.js";
import { living, playerOf } from "./seats.js";

/** F4.5: wounds at which a player dies. */
export const DEADLY_WOUNDS = 3;

/**
 * F4.1: whether `p`'s card is discarded face down without effect: they lay down, they hold nobody up,
 * or their target lay down ("you don't shoot cowards"). A target wounded this round does not count:
 * step 6 is simultaneous (F4.3).
 */
export function discardedFaceDown(s: CngState, p: CngPlayer): boolean {
  if (p.courage === "lie_down" || p.aim === null) return true;
  return playerOf(s, p.aim)?.courage === "lie_down";
}

/**
 * Step 6 (F4.1 to F4.5, F4.7, F10.1, F10.21), all at once (F4.3): face-down cards are discarded
 * unseen; every other card is revealed and each `bang` gives its target one wound; players wounded this
 * round lie down (F4.4); players at 3 or more wounds die (F4.5), their hand leaving play. Every wound
 * counts, past the third too (F4.3: as many wounds as bangs; F10.18: never refused); every card played
 * reaches its owner's discard (F4.7). Appends the events.
 */
export function resolveCardEffects(s: CngState, ev: CngEvent[]): void {
  const alive = living(s);
  const hits = new Map<string, number>();
  for (const p of alive) {
    if (discardedFaceDown(s, p)) {
      ev.push({ type: "bulletDiscarded", player: p.id, card: p.bullet });
      continue;
    }
    p.shown = true;
    ev.push({ type: "bulletRevealed", player: p.id, card: p.bullet!, target: p.aim! });
    if (p.bullet === "bang") hits.set(p.aim!, (hits.get(p.aim!) ?? 0) + 1);
  }
  for (const p of alive) discardInFront(p);
  for (const p of alive) {
    const amount = hits.get(p.id) ?? 0;
    if (amount === 0) continue;
    p.wounds += amount;
    p.woundedNow = true;
    p.status = "lying_down";
    ev.push({ type: "wounded", player: p.id, amount, wounds: p.wounds });
  }
  for (const p of alive) {
    if (p.wounds < DEADLY_WOUNDS) continue;
    p.alive = false;
    p.status = "dead";
    p.hand = { click: 0, bang: 0 };
    ev.push({ type: "died", player: p.id });
  }
}
