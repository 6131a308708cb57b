/** A mistake in how the command was called: printed as one line, exit code 2, never a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, invalid: 2 } as const;

/** The option name a node:util parseArgs error message talks about (`--games`), if any. */
function optionIn(message: string): string | null {
  return /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? null;
}

/**
 * Runs a node:util parseArgs call (passed as a thunk, to keep its precise types) and turns its errors
 * into one-line UsageErrors that name the option.
 */
export function parseCommandLine<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    const error = e as Error & { code?: string };
    const option = optionIn(error.message);
    switch (error.code) {
      case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
        throw new UsageError(`unknown option ${option ?? error.message}`);
      case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
        if (!option) throw new UsageError(error.message.split("\n")[0] ?? "bad option value");
        if (/does not take an argument/.test(error.message)) throw new UsageError(`${option}: takes no value`);
        if (/ambiguous/.test(error.message)) throw new UsageError(`${option}: a value is required (for a value starting with "-", write ${option}=-1)`);
        throw new UsageError(`${option}: a value is required`);
      case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL": {
        const extra = /'([^']*)'/.exec(error.message)?.[1];
        throw new UsageError(extra === undefined ? "unexpected argument" : `unexpected argument "${extra}"`);
      }
      default:
        throw new UsageError(error.message.split("\n")[0] ?? "bad arguments");
    }
  }
}

/** An integer option within [min, max], or its default when absent. */
export function intOption(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A decimal option from 0 to 1 (such as 0.25), or its default when absent. */
export function fractionOption(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = /^\s*(?:0|1|0?\.\d+|[01]\.\d*)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 0 && value <= 1)) throw new UsageError(`--${name}: expected a number from 0 to 1, got "${raw}"`);
  return value;
}

/** An option whose value is one of `choices`, or its default when absent. */
export function choiceOption<T extends string>(name: string, raw: string | undefined, fallback: T, choices: readonly T[]): T {
  if (raw === undefined) return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new UsageError(`--${name}: expected one of ${choices.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}

/** A seed: any 32-bit signed integer (the engine's generator takes 32 bits). */
export const SEED_MIN = -(2 ** 31);
export const SEED_MAX = 2 ** 31 - 1;
