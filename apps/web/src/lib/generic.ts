/**
 * The generic fallback of a game the web app has no UI folder for, as plain functions (no I/O): the
 * view's fields to show as a definition list, whether the game is over, each event as a JSON line, and
 * a raw command typed as JSON, checked for the envelope's shape before it is sent (the game's module
 * on the server judges the rest).
 */
import type { GameCommand, GameView } from "@bang/protocol";

/** One field of a view as the fallback shows it: `block` values are pretty JSON on several lines. */
export interface ViewField {
  key: string;
  text: string;
  block: boolean;
}

/** Fields the fallback says in its own words (who it is for, who the game waits for), not in the list. */
const SAID_APART = new Set(["viewer", "waitingFor"]);

const plain = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

/**
 * The view's fields in the server's order, but `viewer` and `waitingFor`: a string, number, boolean or
 * null as it is, a list of those on one line; a list of objects (players, seats...) one JSON line per
 * item, any other object as pretty JSON.
 */
export function viewFields(view: GameView): ViewField[] {
  return Object.entries(view)
    .filter(([key]) => !SAID_APART.has(key))
    .map(([key, value]) => {
      if (plain(value)) return { key, text: String(value), block: false };
      if (Array.isArray(value) && value.every(plain)) return { key, text: value.length === 0 ? "(none)" : value.join(", "), block: false };
      if (Array.isArray(value)) return { key, text: value.map((v) => JSON.stringify(v)).join("\n"), block: true };
      return { key, text: JSON.stringify(value, null, 2), block: true };
    });
}

/** A view of a game that is over: nobody to wait for (game-core: `waitingFor` is empty exactly at game over). */
export const isOver = (view: GameView): boolean => view.waitingFor.length === 0;

/** One event as a line of JSON. */
export const eventLine = (event: { type: string }): string => JSON.stringify(event);

/** What a raw command text gives: a command to send, or why not (nothing is sent then). */
export type RawCommand = { ok: true; command: GameCommand } | { ok: false; message: string };

/**
 * `text` read as a game command: a JSON object with a non-empty string `type` (the envelope's shape;
 * `by` is the server's to add). Says what is wrong otherwise.
 */
export function parseRawCommand(text: string): RawCommand {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: "a command is a JSON object, e.g. {\"type\": \"...\"}" };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || type.length === 0) return { ok: false, message: "a command needs a \"type\" (a string)" };
  if ("by" in value) return { ok: false, message: "leave \"by\" out: the server adds who sent the command" };
  return { ok: true, command: value as GameCommand };
}
