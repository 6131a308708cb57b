import { active, type Ctx } from "./context.js";

/**
 * E1.7, E3.1: starts the turn of seat `index`: no BANG! played yet, phase `turnStart` with the Dynamite
 * and Jail checks to run, then phase 1.
 */
export function startTurn(ctx: Ctx, index: number): void {
  const { s } = ctx;
  s.turn = index;
  s.turnNumber++;
  s.bangsPlayed = 0;
  s.phase = "turnStart";
  s.pending = [{ t: "dynamite" }, { t: "jail" }, { t: "beginDraw" }];
  ctx.events.push({ type: "turnStarted", player: s.players[index]!.id, turn: s.turnNumber });
}

/** E3.5, E1.7: the turn passes to the next player clockwise still in the game. */
export function nextTurn(ctx: Ctx): void {
  const { s } = ctx;
  ctx.events.push({ type: "turnEnded", player: active(s).id });
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const index = (s.turn + k) % n;
    if (s.players[index]!.alive) {
      startTurn(ctx, index);
      return;
    }
  }
}

/** E3.4: the hand limit: a player may keep as many cards as his current life. */
export const handLimit = (life: number): number => Math.max(0, life);

/** E3.4, E3.5: the active player ends phase 2: phase 3 when he holds too many cards, else the next turn. */
export function endPlay(ctx: Ctx): void {
  const p = active(ctx.s);
  if (p.hand.length > handLimit(p.life)) ctx.s.phase = "discard";
  else nextTurn(ctx);
}

/** E3.4, E10.12: in phase 3, a hand brought back within the limit (Sid Ketchum's ability) ends the turn. */
export function endDiscard(ctx: Ctx): void {
  const p = active(ctx.s);
  if (p.hand.length <= handLimit(p.life)) nextTurn(ctx);
}
