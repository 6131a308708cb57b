/**
 * The shape of a table's controls as a pure model, for any game: what the controls offer for a view and
 * a draft (the choices made so far on the page, not sent yet). A game's model lists every click that
 * changes the draft (`inputs`) and every button that sends (`sends`, each with the exact command it
 * sends), so a test can reach every legal command by clicks and check nothing illegal is offered.
 */

/** A button that sends one command: `command` when it is enabled, null (and `why`) while it is not. */
export interface SendAction<C> {
  /** Stable within a view: the button's test id and React key. */
  id: string;
  label: string;
  command: C | null;
  /** Why the button is disabled (what is still to choose), for the page and the tests. */
  why?: string;
}

/** What the controls offer now: the draft-changing clicks and the sending buttons. */
export interface Offer<Input, C> {
  inputs: readonly Input[];
  sends: readonly SendAction<C>[];
}

/** The enabled commands of an offer, by id. */
export function enabledCommands<C>(sends: readonly SendAction<C>[]): C[] {
  return sends.flatMap((s) => (s.command === null ? [] : [s.command]));
}

/** A plain JSON value written with its object keys sorted: equal inputs give equal keys. */
export function inputKey(input: unknown): string {
  return JSON.stringify(input, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

/** Is `input` one of `inputs` (compared as plain JSON, key order aside)? */
export function isOffered(inputs: readonly unknown[], input: unknown): boolean {
  const key = inputKey(input);
  return inputs.some((i) => inputKey(i) === key);
}
