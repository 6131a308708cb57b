/**
 * The round's automatic moves (F3.1, F9.1): laying out the loot, the reveals that close each
 * simultaneous step, step 6, the end of a round and the end of the game. Each works on a draft and
 * appends its events. `stop` makes the flow halt in the automatic phases (`card_effects`, `loot`) so
 * that the statechart's own states for them run the rest (machine.ts); the module's `apply` runs on.
 */
import { allCourageChosen, revealCourage } from "./rules/courage.js";
import { resolveCardEffects } from "./rules/effects.js";
import { nextGodfather, privilegePossible } from "./rules/godfather.js";
import { aimsRevealed, allAimed } from "./rules/hold-up.js";
import { ROUNDS } from "./rules/loot.js";
import { richest, score } from "./rules/scoring.js";
import { living } from "./rules/seats.js";
import { firstShare, nextShare } from "./rules/sharing.js";
import type { CngEvent, CngState, PlayerId, Winner } from "./types.js";

/**
 * F3.2 (step 1, `loot`): the round's pile is laid face up and the New Godfather tile turned to
 * `available`; every living player's round is reset; the game waits in `bullet_choice`. Throws when no
 * pile is left (a caller's bug: create deals one pile per round).
 */
export function startRound(s: CngState, ev: CngEvent[]): void {
  // Indexing, not `[pile, ...later] = s.piles`: a rest pattern walks the array's iterator.
  const pile = s.piles[0];
  if (!pile) throw new Error(`startRound: no loot pile left for round ${s.round}`);
  s.piles = s.piles.slice(1);
  s.table = pile.slice();
  s.tile = "available";
  s.tileTaker = null;
  s.order = null;
  s.shareTurn = null;
  for (const p of s.players) {
    p.bullet = null;
    p.shown = false;
    p.aimed = false;
    p.aim = null;
    p.courage = null;
    p.woundedNow = false;
  }
  s.phase = "bullet_choice";
  ev.push({ type: "roundStarted", round: s.round, godfather: s.godfather, table: s.table.slice() });
}

/** F9.1: after a `choose_bullet`, the hold-up starts once every living player has a card in front of them. */
export function afterBulletChosen(s: CngState): void {
  if (living(s).every((p) => p.bullet !== null)) s.phase = "hold_up";
}

/** F9.1, F8.5, F3.6: once every hold-up is settled, all aims are revealed at once; then the privilege, or courage when no order is possible. */
export function afterAim(s: CngState, ev: CngEvent[]): void {
  if (!allAimed(s)) return;
  ev.push(aimsRevealed(s));
  s.phase = privilegePossible(s) ? "godfather_privilege" : "courage";
}

/** F9.1, F8.7: once every living player chose, all courage choices are revealed at once and step 6 follows. */
export function afterCourage(s: CngState, ev: CngEvent[], stop: boolean): void {
  if (!allCourageChosen(s)) return;
  ev.push(revealCourage(s));
  s.phase = "card_effects";
  if (!stop) runCardEffects(s, ev, stop);
}

/**
 * Step 6 (F4), then F4.6: the end is checked (F7.1 last survivor, F7.2 everyone dead); otherwise
 * sharing starts with the first share (F5.2), or, with nobody eligible, the loot leaves the game
 * (F10.11) and the round ends.
 */
export function runCardEffects(s: CngState, ev: CngEvent[], stop: boolean): void {
  resolveCardEffects(s, ev);
  const alive = living(s);
  if (alive.length <= 1) {
    finish(s, ev, { players: alive.map((p) => p.id), reason: alive.length === 1 ? "last_survivor" : "all_dead" });
    return;
  }
  const first = firstShare(s);
  if (first !== null) {
    s.phase = "sharing";
    s.shareTurn = first;
    return;
  }
  ev.push({ type: "lootDiscarded", cards: s.table.slice() });
  s.table = [];
  endRound(s, ev, stop);
}

/** F5.2, F5.4, F9.1: after a share, the next eligible player clockwise takes one, until the last loot card is taken. */
export function afterShare(s: CngState, ev: CngEvent[], stop: boolean, taker: PlayerId): void {
  if (s.table.length > 0) {
    s.shareTurn = nextShare(s, taker);
    return;
  }
  endRound(s, ev, stop);
}

/**
 * F5.6: the end of a round: living players stand up, the desk goes to the tile's taker (or per F10.10),
 * then the next round's loot, or after round 8 the final count (F7.3 to F7.7).
 */
export function endRound(s: CngState, ev: CngEvent[], stop: boolean): void {
  for (const p of living(s)) p.status = "standing";
  s.shareTurn = null;
  s.godfather = nextGodfather(s) ?? s.godfather;
  ev.push({ type: "roundEnded", round: s.round, godfather: s.godfather });
  if (s.round >= ROUNDS) {
    const scoring = score(s.players);
    s.scoring = scoring;
    finish(s, ev, { players: richest(s.players, scoring.totals), reason: "richest" });
    return;
  }
  s.round++;
  s.phase = "loot";
  if (!stop) startRound(s, ev);
}

/** F7: the game is over with `winner`; F8.11: the totals and the diamond bonus become public in the event. */
function finish(s: CngState, ev: CngEvent[], winner: Winner): void {
  s.phase = "game_over";
  s.shareTurn = null;
  s.winner = winner;
  ev.push({ type: "gameOver", winner: { players: winner.players.slice(), reason: winner.reason }, totals: s.scoring ? { ...s.scoring.totals } : null, diamondBonus: s.scoring?.diamondBonus ?? null });
}
