import { z } from "zod";
import type { Draw } from "./random.js";
import type { CommandBase, PlayerId, SetupBase } from "./types.js";

/**
 * A game's scenario file format (SCENARIOS.md and its cousins): a table in a chosen position, a list of
 * commands with the draws the random source must produce for each, and what must hold at the end. The
 * generic runner (packages/scenario) parses the file with `file`, plays it through the module's
 * statechart, prints `output` and checks `expect` with `check`; a refused step and `expect.rejected`
 * are the runner's own.
 */
export interface ScenarioFormat<Setup extends SetupBase = SetupBase, C extends CommandBase = CommandBase, S = unknown, F extends ScenarioFile = ScenarioFile, Out extends object = object> {
  /** The whole file (strict): `setup`, `steps`, `expect` (with a `rejected`: the step, 0-based, that must be refused and its code), free text; see {@link scenarioFileSchema}. */
  file: z.ZodType<F>;
  /** The game's setup for the file's `setup`. */
  setup(file: F): Setup;
  /** One step as the command it stands for and the draws it forces, in order. */
  step(step: F["steps"][number]): { command: C; draws: Draw[] };
  /** Every player id `expect` names, with its field (checked against the setup: an unknown one makes the file invalid). */
  references(file: F): { field: string; id: PlayerId }[];
  /** The state printed after the steps (without `rejected` and `events`, which the runner adds). */
  output(state: S): Out;
  /** Records in `found` every expectation of `file.expect` that `output` does not meet (`rejected` aside). */
  check(file: F, output: Out, found: Differences): void;
  /**
   * Why the file is invalid given where its steps took the game (`state`, after them), or null: what
   * only playing it shows (a round reached whose deal the file does not give). The runner then treats
   * the file as invalid, not as failed.
   */
  reached?(file: F, state: S): string | null;
}

/** What every scenario file has, as the runner reads it (each format's schema is stricter). */
export interface ScenarioFile {
  name: string;
  rules?: string[] | undefined;
  setup: { game?: string | undefined; mode?: string | undefined; players: { id: string }[] } & Record<string, unknown>;
  steps: ({ by: string; do: string } & Record<string, unknown>)[];
  expect: { rejected?: { step: number; code: string } | undefined } & Record<string, unknown>;
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
}

/**
 * The zod schema of a game's scenario file: the shape every format shares (SCENARIOS.md: `name`, the
 * `rules` it pins, `setup`, `steps`, `expect`), with the game's own setup, step and expectations, and
 * `expect.rejected` whose code must be one of the game's refusal codes. Strict: an unknown field is an
 * error naming it.
 */
export function scenarioFileSchema<Setup extends z.ZodType, Step extends z.ZodType, Expect extends z.ZodRawShape>(parts: { setup: Setup; step: Step; expect: Expect; refusals: readonly [string, ...string[]] }) {
  // `expect.rejected` (SCENARIOS.md): step n (0-based) must be refused with that code, the state unchanged.
  const rejected = z.object({ step: z.number().int().min(0), code: z.enum(parts.refusals) }).strict();
  return z
    .object({
      name: z.string(),
      rules: z.array(z.string()).default([]),
      setup: parts.setup,
      steps: z.array(parts.step),
      expect: z
        .object({ ...parts.expect, rejected: rejected.optional() })
        .strict()
        // Every expectation is optional (the formats' fields are): no `expect` means none.
        .prefault({} as never),
    })
    .strict();
}

/**
 * The command a scenario step stands for: a step is the command a client sends (`do` its type, `by`
 * its author) plus the fields that force the random source (`drawFields`, e.g. the faces a throw must
 * show), which are left out. The step's schema decides its fields, so this is the game's command.
 */
export function stepCommand(step: { by: string; do: string } & Record<string, unknown>, drawFields: readonly string[] = []): CommandBase {
  const { do: type, by, ...fields } = step;
  const command: CommandBase & Record<string, unknown> = { type, by };
  for (const [key, value] of Object.entries(fields)) if (!drawFields.includes(key) && value !== undefined) command[key] = value;
  return command;
}

/** Expectations most formats share: per-player fields, whose turn it is, the winner's players. */
export interface SeatExpectations {
  players?: Record<PlayerId, Record<string, unknown>> | undefined;
  turn?: PlayerId | undefined;
  winner?: { players: PlayerId[] } | null | undefined;
}

/** The player ids such expectations name, each with its field (ScenarioFormat.references). */
export function seatReferences(expect: SeatExpectations): { field: string; id: PlayerId }[] {
  return [
    ...Object.keys(expect.players ?? {}).map((id) => ({ field: `expect.players.${id}`, id })),
    ...(expect.turn === undefined ? [] : [{ field: "expect.turn", id: expect.turn }]),
    ...(expect.winner?.players ?? []).map((id, i) => ({ field: `expect.winner.players[${i}]`, id })),
  ];
}

/**
 * Checks `expect.players` against the output's players (`got`, each with its `id`): each of `keys` a
 * player's expectation gives must equal the output's; a player the output lacks is a difference.
 */
export function checkSeats<K extends string>(found: Differences, want: Record<PlayerId, Partial<Record<K, unknown>>> | undefined, got: readonly ({ id: PlayerId } & Record<K, unknown>)[], keys: readonly K[]): void {
  for (const [pid, expected] of Object.entries(want ?? {})) {
    const seat = got.find((p) => p.id === pid);
    if (!seat) {
      found.add(`players.${pid}: no such player`);
      continue;
    }
    for (const key of keys) found.check(`players.${pid}.${key}`, expected[key], seat[key]);
  }
}
