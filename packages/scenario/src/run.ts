import { createGameActor, Differences, forcedSource, type EventBase } from "@bang/game-core";
import { ScenarioFileError, type Scenario } from "./parse.js";

/** A step the rules refused: its index in `steps` and the rules' code and message. */
export interface RejectedStep {
  step: number;
  code: string;
  message: string;
}

/**
 * The state printed after a scenario (SCENARIOS.md "Output printed"): the game, the game's own fields
 * (its format's `output`), the refused step if any, and every event of the accepted steps.
 */
export type ScenarioOutput = { game: string } & Record<string, unknown> & { rejected: RejectedStep | null; events: EventBase[] };

/** A scenario's outcome: what it printed and every expectation that did not hold (empty: it passed). */
export interface ScenarioResult {
  output: ScenarioOutput;
  differences: string[];
}

const show = (v: unknown) => JSON.stringify(v);

/**
 * Plays a parsed scenario through its game's statechart, the forced draws of each step coming through
 * the same random source interface as seeded ones, until the first refused step (the steps after it
 * are not played). Then checks the game's expectations and `expect.rejected`: the named step refused
 * with the code and the state left exactly as before it; without the expectation, any refusal is a
 * difference. Throws ScenarioFileError when the rules refuse the setup or the steps reach a position
 * the file does not give (its format's `reached`).
 */
export function runScenario({ module, file }: Scenario): ScenarioResult {
  const format = module.scenario!;
  const draws = forcedSource();
  const created = createGameActor(module, format.setup(file), { random: draws });
  if (!created.ok) throw new ScenarioFileError(`setup: ${created.error.message}`);
  const actor = created.actor;
  const events: EventBase[] = [];
  let rejected: RejectedStep | null = null;
  let before = actor.state;
  try {
    for (const [i, raw] of file.steps.entries()) {
      const step = format.step(raw);
      for (const draw of step.draws) draws.push(draw);
      before = actor.state;
      const result = actor.send(step.command);
      if (!result.ok) {
        rejected = { step: i, code: result.error.code, message: result.error.message };
        break;
      }
      events.push(...result.events);
    }
  } finally {
    actor.stop();
  }
  const after = actor.state;
  const invalid = format.reached?.(file, after) ?? null;
  if (invalid !== null) throw new ScenarioFileError(invalid);
  const own = format.output(after);
  const output: ScenarioOutput = { game: module.id, ...own, rejected, events };

  const found = new Differences();
  format.check(file, own, found);
  const want = file.expect.rejected;
  if (want) {
    if (!rejected) found.add(`rejected: expected step ${want.step} to be refused with ${want.code}, but every step was accepted`);
    else {
      found.check("rejected.step", want.step, rejected.step);
      found.check("rejected.code", want.code, rejected.code);
      if (show(before) !== show(after)) found.add("rejected: the refused step changed the state");
    }
  } else if (rejected) {
    found.add(`steps[${rejected.step}]: refused with ${rejected.code}: ${rejected.message}`);
  }
  return { output, differences: found.list };
}
