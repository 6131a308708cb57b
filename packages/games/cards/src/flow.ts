import { active, alivePlayers, seat, type Ctx } from "./rules/context.js";
import { canAnswerBangDemand, canAnswerShot, lastResortCapacity } from "./rules/answers.js";
import { drawCheck } from "./rules/checks.js";
import { suzyDraws } from "./rules/draw.js";
import { eliminate } from "./rules/elimination.js";
import { afterLoss, loseLife } from "./rules/life.js";
import { barrelSources } from "./rules/table.js";
import { nextTurn } from "./rules/turn.js";
import type { FlowStep, GameState, Phase, PlayerId } from "./types.js";

/** Safety bound of one settle: far above what any command causes. */
const MAX_STEPS = 10_000;

/** The player a waiting step waits for, or null for a step that runs by itself. */
export function stepPlayer(step: FlowStep): PlayerId | null {
  switch (step.t) {
    case "shot":
    case "indians":
    case "dying":
      return step.target;
    case "duel":
      return step.next;
    case "store":
      return step.order[0] ?? null;
    case "kit":
    case "lucky":
      return step.player;
    default:
      return null;
  }
}

/** The phase a waiting step shows (vocabulary: `response`, `choice`, `generalStore`). */
function stepPhase(step: FlowStep): Phase {
  if (step.t === "store") return "generalStore";
  if (step.t === "kit" || step.t === "lucky") return "choice";
  return "response";
}

/** The phase of a settled state: `gameOver`, the waiting state of the first pending step, or the turn phase. */
export function phaseOf(s: GameState): Phase {
  if (s.winner) return "gameOver";
  const step = s.pending[0];
  return step ? stepPhase(step) : s.phase;
}

/** Who the game waits for in a settled state (nobody at game over). */
export function waitingFor(s: GameState): PlayerId | null {
  if (s.winner) return null;
  const step = s.pending[0];
  if (step) return stepPlayer(step);
  return s.players[s.turn]!.id;
}

/** E10.14, E11.1: an alive Suzy Lafayette with an empty hand draws one card at once. */
function suzy(ctx: Ctx): void {
  for (const p of ctx.s.players) suzyDraws(ctx, p.id);
}

/**
 * Runs the first pending step if it needs nobody's command; returns false when it waits for a player
 * (SCENARIOS-cards.md: the engine never waits on a player with nothing to answer with).
 */
function advance(ctx: Ctx, step: FlowStep): boolean {
  const { s } = ctx;
  const done = () => s.pending.shift();
  switch (step.t) {
    case "dynamite": {
      done();
      const p = active(s);
      if (p.inPlay.some((c) => c.startsWith("dynamite_"))) drawCheck(ctx, p.id, { kind: "dynamite" });
      return true;
    }
    case "jail": {
      done();
      const p = active(s);
      if (p.alive && p.inPlay.some((c) => c.startsWith("jail_"))) drawCheck(ctx, p.id, { kind: "jail" });
      return true;
    }
    case "beginDraw":
      done();
      s.phase = "draw";
      return true;
    case "shot": {
      const p = seat(s, step.target);
      if (!p.alive) return done(), true;
      if (step.misses >= step.needed) {
        done();
        ctx.events.push({ type: "shotMissed", player: p.id });
        return true;
      }
      if (canAnswerShot(p.hand, p.character, barrelSources(p), step.used)) return false;
      done();
      s.pending.unshift({ t: "damage", target: p.id, amount: 1, by: step.by });
      return true;
    }
    case "duel": {
      const p = seat(s, step.next);
      const other = seat(s, step.next === step.challenger ? step.target : step.challenger);
      if (!p.alive || !other.alive) return done(), true;
      if (canAnswerBangDemand(p.hand, p.character)) return false;
      done();
      s.pending.unshift({ t: "damage", target: p.id, amount: 1, by: duelCause(step) });
      return true;
    }
    case "indians": {
      const p = seat(s, step.target);
      if (!p.alive) return done(), true;
      if (canAnswerBangDemand(p.hand, p.character)) return false;
      done();
      s.pending.unshift({ t: "damage", target: p.id, amount: 1, by: step.by });
      return true;
    }
    case "damage":
      done();
      loseLife(ctx, step.target, step.amount, step.by);
      return true;
    case "dying": {
      const p = seat(s, step.target);
      if (!p.alive || p.life >= 1) return done(), true;
      if (lastResortCapacity(p.hand, p.character, alivePlayers(s).length) >= 1 - p.life) return false;
      done();
      eliminate(ctx, p.id, step.by);
      return true;
    }
    case "afterLoss":
      done();
      afterLoss(ctx, step.target, step.amount, step.by);
      return true;
    case "store": {
      step.order = step.order.filter((id) => seat(s, id).alive);
      if (step.cards.length === 0 || step.order.length === 0) {
        done();
        if (step.cards.length > 0) s.discard.push(...step.cards);
        return true;
      }
      if (step.cards.length > 1 && step.order.length > 1) return false;
      const card = step.cards.shift()!;
      const player = step.order.shift()!;
      seat(s, player).hand.push(card);
      ctx.events.push({ type: "picked", player, card });
      return true;
    }
    case "kit":
    case "lucky":
      return false;
  }
}

/** E11.11: who causes the life loss of the player who fails in a Duel: its challenger, unless he lost it himself. */
export function duelCause(step: Extract<FlowStep, { t: "duel" }>): PlayerId | null {
  return step.next === step.challenger ? null : step.challenger;
}

/**
 * Runs the game on after a command until it waits for a player's command or is over (boardgame.io's
 * flow): Suzy Lafayette's draw, the pending steps one at a time, and the next turn when the active
 * player was eliminated during his turn (E3.5). Clears the queue at game over (E9.5).
 */
export function settle(ctx: Ctx): void {
  const { s } = ctx;
  for (let guard = 0; guard < MAX_STEPS; guard++) {
    if (s.winner) {
      s.phase = "gameOver";
      s.pending = [];
      if (!ctx.events.some((e) => e.type === "gameOver")) ctx.events.push({ type: "gameOver", winner: s.winner });
      return;
    }
    suzy(ctx);
    const step = s.pending[0];
    if (!step) {
      if (!active(s).alive) {
        nextTurn(ctx);
        continue;
      }
      return;
    }
    if (!advance(ctx, step)) return;
  }
  throw new Error("settle: the flow did not come to rest");
}
