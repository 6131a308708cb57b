import type { Face, GameActor, ForcedSource } from "@bang/engine";

/** A step the rules refused: its index in `steps` and the engine's code and message. */
export interface RejectedStep {
  step: number;
  code: string;
  message: string;
}

/** What playing a scenario's steps left: the final state, the state before the last step tried, the events, the refusal. */
export interface PlayedSteps<S, E> {
  before: S;
  after: S;
  events: E[];
  rejected: RejectedStep | null;
}

/**
 * Plays `steps` through `actor` (either mode's statechart), queueing each step's forced `dice` on
 * `dice` first, until the first refused step (SCENARIOS.md: the steps after it are not played). Stops
 * the actor. Shared by the classic and the duel runners.
 */
export function playSteps<S, C, E, Step extends object>(
  actor: GameActor<S, C, { ok: true; events: readonly E[] } | { ok: false; error: { code: string; message: string } }>,
  dice: ForcedSource,
  steps: readonly Step[],
  toCommand: (step: Step) => C,
): PlayedSteps<S, E> {
  const events: E[] = [];
  let rejected: RejectedStep | null = null;
  let before = actor.state;
  for (const [i, step] of steps.entries()) {
    // Both step schemas give `dice` only as faces (schema.ts, duelSchema.ts).
    if ("dice" in step) dice.push(step.dice as readonly Face[]);
    before = actor.state;
    const result = actor.send(toCommand(step));
    if (!result.ok) {
      rejected = { step: i, code: result.error.code, message: result.error.message };
      break;
    }
    events.push(...result.events);
  }
  const after = actor.state;
  actor.stop();
  return { before, after, events, rejected };
}

const show = (v: unknown) => JSON.stringify(v);

/** Collects the differences between a scenario's `expect` and its output, field by field. */
export class Differences {
  readonly list: string[] = [];

  /** Records `field` when `want` is given and differs from `got` (compared as JSON). */
  check(field: string, want: unknown, got: unknown): void {
    if (want !== undefined && show(want) !== show(got)) this.list.push(`${field}: expected ${show(want)}, got ${show(got)}`);
  }

  add(difference: string): void {
    this.list.push(difference);
  }

  /**
   * The `rejected` expectation (SCENARIOS.md): the named step refused with the code and the state left
   * exactly as before it; without the expectation, any refusal is a difference.
   */
  checkRejection<S>(want: { step: number; code: string } | undefined, played: PlayedSteps<S, unknown>): void {
    const { rejected } = played;
    if (want) {
      if (!rejected) this.add(`rejected: expected step ${want.step} to be refused with ${want.code}, but every step was accepted`);
      else {
        this.check("rejected.step", want.step, rejected.step);
        this.check("rejected.code", want.code, rejected.code);
        if (show(played.before) !== show(played.after)) this.add("rejected: the refused step changed the state");
      }
    } else if (rejected) {
      this.add(`steps[${rejected.step}]: refused with ${rejected.code}: ${rejected.message}`);
    }
  }
}
