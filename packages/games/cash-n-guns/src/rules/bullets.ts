import type { Bullet, BulletCount, CngPlayer } from "../types.js";

/** F1.4, F2.2: each player's own bullet set, 5 `click` and 3 `bang`. */
export const BULLET_SET: Readonly<BulletCount> = { click: 5, bang: 3 };

/** F3.4: cards in a hand or discard. */
export const countOf = (c: BulletCount): number => c.click + c.bang;

/** F3.3: whether `p` holds a card of kind `kind`. */
export function holds(p: CngPlayer, kind: Bullet): boolean {
  return p.hand[kind] > 0;
}

/** F3.3: the kinds `p` may choose now (those they hold). */
export function choosable(p: CngPlayer): Bullet[] {
  return (["click", "bang"] as const).filter((k) => holds(p, k));
}

/**
 * `c` with `delta` more cards of kind `kind`, as a new count: hands and discards are replaced, never
 * changed in place, so that a draft may share them with the state it was copied from (apply.ts).
 */
export function added(c: BulletCount, kind: Bullet, delta: number): BulletCount {
  return kind === "click" ? { click: c.click + delta, bang: c.bang } : { click: c.click, bang: c.bang + delta };
}

/** F3.3: puts a card of kind `kind` from `p`'s hand face down in front of them. The caller checked `holds`. */
export function putInFront(p: CngPlayer, kind: Bullet): void {
  p.hand = added(p.hand, kind, -1);
  p.bullet = kind;
}

/** F4.7: at the end of step 6 the card in front of `p` (if any) goes to their own discard. */
export function discardInFront(p: CngPlayer): void {
  if (p.alive && p.bullet !== null) p.discard = added(p.discard, p.bullet, 1);
}

/**
 * F3.4: the per-player invariant: hand + discard + the card still in front make 5 `click` and 3 `bang`
 * (`inFront` says whether this round's card has not reached the discard yet). Dead players are exempt.
 */
export function bulletsConserved(p: CngPlayer, inFront: boolean): boolean {
  if (!p.alive) return true;
  const front = inFront && p.bullet !== null ? p.bullet : null;
  return (["click", "bang"] as const).every((k) => p.hand[k] + p.discard[k] + (front === k ? 1 : 0) === BULLET_SET[k]);
}
