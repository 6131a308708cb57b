import { indianAttack, takeArrow } from "./rules/arrows.js";
import { afterRoll } from "./rules/rolling.js";
import { afterDamage, beersStep, dynamiteStep, gatlingHitsStep, gatlingStep, shotsStep } from "./rules/resolution.js";
import { endTurn } from "./rules/turn.js";
import type { FlowStep, GameEvent, GameState } from "./types.js";

/**
 * Runs one step of the turn's flow on a draft state. Returns false when the step must wait for a
 * player's answer (it then stays at the head of the queue).
 */
function runStep(s: GameState, step: FlowStep, ev: GameEvent[]): boolean {
  switch (step.kind) {
    case "takeArrows": {
      // R2.4, R2.5: one arrow at a time; the last one of the pile triggers an attack before the rest.
      const active = s.players[s.turn]!;
      for (let k = 0; k < step.count; k++) {
        if (takeArrow(s, active, ev)) {
          const owed = step.count - k - 1;
          s.pending.unshift({ kind: "indianAttack" }, ...(owed > 0 ? [{ kind: "takeArrows", count: owed } as const] : []));
          return true;
        }
      }
      return true;
    }
    case "indianAttack":
      indianAttack(s, ev);
      afterDamage(s, null, ev);
      return true;
    case "afterRoll":
      afterRoll(s, ev);
      return true;
    case "dynamite":
      dynamiteStep(s, ev);
      return true;
    case "shots":
      return shotsStep(s, ev);
    case "beers":
      beersStep(s, ev);
      return true;
    case "gatling":
      gatlingStep(s, ev);
      return true;
    case "gatlingHits":
      return gatlingHitsStep(s, ev);
    case "endTurn":
      endTurn(s, ev);
      return true;
  }
}

/**
 * Runs queued steps until the game waits for a player or is over. With `pauseAtIndianAttack`, stops
 * before an Indian attack in phase `indianAttack`, so that the statechart passes through that state.
 */
export function settle(s: GameState, ev: GameEvent[], pauseAtIndianAttack = false): void {
  while (s.pending.length > 0 && s.phase !== "gameOver") {
    const step = s.pending[0]!;
    if (step.kind === "indianAttack" && pauseAtIndianAttack) {
      s.phase = "indianAttack";
      return;
    }
    s.pending.shift();
    if (!runStep(s, step, ev)) {
      s.pending.unshift(step);
      return;
    }
  }
}

/**
 * Runs the Indian attack a paused flow stopped at (phase `indianAttack`), then the flow on to the next
 * wait or the next attack. Used by the statechart's indianAttack state.
 */
export function runIndianAttack(s: GameState, ev: GameEvent[]): void {
  const step = s.pending.shift();
  if (step?.kind !== "indianAttack") throw new Error("runIndianAttack: the flow is not at an Indian attack");
  runStep(s, step, ev);
  settle(s, ev, true);
}
