import type { $ZodError } from "zod/v4/core";

/** Longest issue message kept, in characters. */
const MAX_ISSUE = 200;

/**
 * The first issues of a zod error as `path: message` lines joined with "; ", each path in the notation
 * people write (`options.seats`, `command.shots[0].die`), under `prefix`. `what` names the value when
 * the issue is about the whole of it.
 */
export function describe(error: $ZodError, prefix: readonly PropertyKey[] = [], what = "(message)"): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const path = [...prefix, ...i.path].reduce<string>((out, k) => (typeof k === "number" ? `${out}[${k}]` : out ? `${out}.${String(k)}` : String(k)), "");
      // A message quotes what it refuses (every unknown key...): keep an answer to junk small.
      const message = i.message.length > MAX_ISSUE ? `${i.message.slice(0, MAX_ISSUE)}…` : i.message;
      return `${path || what}: ${message}`;
    })
    .join("; ");
}
