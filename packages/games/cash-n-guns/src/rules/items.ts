import type { CngEvent, CngPlayer } from "../types.js";

/**
 * F6.1, F10.6, F10.7: a clip takes effect at once: with a `click` in hand and a `bang` in their own
 * discard, the player swaps them (the click to the discard, the bang to the hand); otherwise it is lost.
 * F6.3: the clip is used up. Returns its private event (F8.9: for the taker only).
 */
export function useClip(p: CngPlayer): CngEvent {
  const reloaded = p.hand.click > 0 && p.discard.bang > 0;
  if (reloaded) {
    // New counts, not changed in place (a draft shares them with the state before, apply.ts).
    p.hand = { click: p.hand.click - 1, bang: p.hand.bang + 1 };
    p.discard = { click: p.discard.click + 1, bang: p.discard.bang - 1 };
  }
  return { type: "clipResolved", player: p.id, reloaded };
}

/** F6.2, F10.4: a first aid kit removes all the taker's wounds (none: no effect); F6.3: used up. Returns its public event. */
export function useFirstAidKit(p: CngPlayer): CngEvent {
  const healed = p.wounds;
  p.wounds = 0;
  return { type: "firstAidKitUsed", player: p.id, healed };
}
