import { ruleError } from "./rules/errors.js";
import type { RandomSource } from "@bang/game-core";
import { validateHeal, validateReroll, validateRoll, performHeal, performThrow, endRolling, queueResolution } from "./rules/rolling.js";
import { validateResolve } from "./rules/resolution.js";
import { COMMAND_TYPES, type Command, type GameEvent, type GameState, type PlayerId, type RuleError } from "./types.js";

/** The player the game waits for: Bart Cassidy during a reaction (C1), else the active player; none at game over. */
export function playerToAct(s: GameState): PlayerId | null {
  if (s.phase === "gameOver") return null;
  if (s.phase === "reaction" && s.reaction) return s.reaction.player;
  return s.players[s.turn]!.id;
}

/**
 * Checks a command against the state, in a fixed order: the game is on, the command is known, the
 * player exists and is the one the game waits for, the phase allows it, then its fields. Pure.
 * Returns the refusal (SCENARIOS.md error codes), or null when the command is legal.
 */
export function validateCommand(s: GameState, c: Command): RuleError | null {
  if (c === null || typeof c !== "object" || !(COMMAND_TYPES as readonly string[]).includes((c as Command).type)) {
    return ruleError("INVALID_COMMAND", `type: unknown command "${String((c as { type?: unknown })?.type)}" (one of ${COMMAND_TYPES.join(", ")})`);
  }
  if (s.phase === "gameOver") return ruleError("WRONG_PHASE", `${c.type}: the game is over`);
  if (!s.players.some((p) => p.id === c.by)) return ruleError("INVALID_COMMAND", `by: no player "${String(c.by)}" at this table`);
  const actor = playerToAct(s);
  if (c.by !== actor) return ruleError("NOT_YOUR_TURN", `${c.type}: the game waits for "${actor}", not "${c.by}"`);
  switch (c.type) {
    case "heal":
      if (s.phase !== "rolling") return ruleError("WRONG_PHASE", `heal: not allowed while ${s.phase}`);
      return validateHeal(s, c);
    case "roll":
      if (s.phase !== "rolling") return ruleError("WRONG_PHASE", `roll: not allowed while ${s.phase}`);
      return validateRoll(s);
    case "reroll":
      if (s.phase !== "rolling") return ruleError("WRONG_PHASE", `reroll: rolling has ended (${s.phase})`);
      return validateReroll(s, c);
    case "stop":
      if (s.phase !== "rolling" || s.rolls === 0) return ruleError("WRONG_PHASE", s.rolls === 0 ? "stop: throw the dice first (roll)" : `stop: rolling has ended (${s.phase})`);
      return null;
    case "resolve":
      if (s.phase !== "resolving" || s.choices !== null) return ruleError("WRONG_PHASE", `resolve: not allowed while ${s.phase}`);
      return validateResolve(s, c);
    case "react": {
      if (s.phase !== "reaction" || !s.reaction) return ruleError("WRONG_PHASE", "react: nothing to react to");
      const n = c.arrows;
      if (!Number.isInteger(n) || n < 0 || n > s.reaction.max) {
        return ruleError("INVALID_COMMAND", `react.arrows: must be an integer 0..${s.reaction.max} (C1: never the last arrow)`);
      }
      return null;
    }
  }
}

/** Applies a command already validated, on a draft. Queues flow steps; `settle` runs them. */
export function performCommand(s: GameState, c: Command, random: RandomSource, ev: GameEvent[]): void {
  switch (c.type) {
    case "heal":
      performHeal(s, c, ev);
      return;
    case "roll":
      performThrow(s, [0, 1, 2, 3, 4], random, ev);
      return;
    case "reroll":
      performThrow(s, c.indexes, random, ev);
      return;
    case "stop":
      endRolling(s, ev);
      return;
    case "resolve":
      s.choices = {
        type: "resolve",
        by: c.by,
        shots: c.shots.map((x) => ({ die: x.die, target: x.target })),
        beers: c.beers.map((x) => ({ die: x.die, target: x.target })),
        slab: c.slab ? { beer: c.slab.beer, shot: c.slab.shot } : undefined,
        arrowDiscards: c.arrowDiscards ? [...c.arrowDiscards] : undefined,
      };
      queueResolution(s);
      return;
    case "react":
      s.reaction = { ...s.reaction!, answer: c.arrows };
      ev.push({ type: "reacted", player: c.by, arrows: c.arrows });
      s.phase = "resolving";
      return;
  }
}
