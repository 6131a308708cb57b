import type { Face, RuleError } from "../types.js";

/** What a command would do: computed once per event by a machine's guards, committed by its action. */
export type Outcome<S, E> =
  | { ok: true; game: S; events: E[]; dice: Face[][] | null }
  | { ok: false; error: RuleError };

/**
 * The outcome of (state, command) computed once and remembered for that state and event object, so
 * that the guards of one transition and its action share the work. Shared by the classic and the duel
 * statecharts. `source`, when recording dice, gives the faces each accepted command threw.
 */
export function outcomeMemo<S, E>(
  run: (game: S, event: object) => { ok: true; state: S; events: E[] } | { ok: false; error: RuleError },
  source: { take(): Face[][] } | null,
): (game: S, event: object) => Outcome<S, E> {
  let memo: { game: S; event: object; outcome: Outcome<S, E> } | null = null;
  return (game, event) => {
    if (memo && memo.game === game && memo.event === event) return memo.outcome;
    const result = run(game, event);
    const outcome: Outcome<S, E> = result.ok ? { ok: true, game: result.state, events: result.events, dice: source ? source.take() : null } : result;
    memo = { game, event, outcome };
    return outcome;
  };
}
