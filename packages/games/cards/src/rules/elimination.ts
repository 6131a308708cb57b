import { seat, type Ctx } from "./context.js";
import { checkEnd } from "./end.js";
import { drawCards } from "./draw.js";
import { toDiscard } from "./piles.js";
import type { PlayerId } from "../types.js";

/** E8.2: cards the player who eliminates an outlaw draws. */
export const OUTLAW_REWARD = 3;

/** The flow steps of the start of a turn, dropped when the active player is eliminated (E3.5). */
const TURN_START_STEPS = new Set(["dynamite", "jail", "beginDraw"]);

/**
 * E8.1 to E8.4, E9, E10.15, E11.2: eliminates `victim`, caused by `by` (E7.5): his role is revealed;
 * his cards (hand first, then in play) go to Vulture Sam's hand when another Vulture Sam is still in
 * the game, otherwise to the discard pile; then the reward (an outlaw: `by` draws 3) or the penalty
 * (a deputy killed by the sheriff: the sheriff discards every card, hand then in play); then the end of
 * the game is checked. An active player eliminated loses what is left of his turn start (E3.5).
 */
export function eliminate(ctx: Ctx, victim: PlayerId, by: PlayerId | null): void {
  const { s } = ctx;
  const p = seat(s, victim);
  p.alive = false;
  p.life = 0;
  ctx.events.push({ type: "eliminated", player: p.id, role: p.role, by });
  const cards = [...p.hand, ...p.inPlay];
  p.hand = [];
  p.inPlay = [];
  const vulture = s.players.find((q) => q.alive && q.character === "vulture_sam");
  if (vulture && cards.length > 0) {
    vulture.hand.push(...cards);
    ctx.events.push({ type: "cardsTaken", player: vulture.id, from: p.id, count: cards.length });
  } else if (cards.length > 0) {
    toDiscard(ctx, cards);
    ctx.events.push({ type: "discarded", player: p.id, cards, reason: "eliminated" });
  }
  const killer = by === null ? null : seat(s, by);
  if (killer && killer.alive) {
    if (p.role === "outlaw") drawCards(ctx, killer.id, OUTLAW_REWARD);
    else if (p.role === "deputy" && killer.role === "sheriff") {
      const all = [...killer.hand, ...killer.inPlay];
      killer.hand = [];
      killer.inPlay = [];
      if (all.length > 0) {
        toDiscard(ctx, all);
        ctx.events.push({ type: "discarded", player: killer.id, cards: all, reason: "penalty" });
      }
    }
  }
  if (s.players[s.turn]!.id === victim) s.pending = s.pending.filter((step) => !TURN_START_STEPS.has(step.t));
  checkEnd(s);
}
