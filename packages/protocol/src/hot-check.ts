/**
 * A quick check of the server messages a client receives for every command (`event`, `ack`,
 * `presence`): written out by hand, without the allocations of a schema walk (zod makes a result
 * object and an issue list per field). It accepts a message only when `serverMessage` would accept it
 * and would give the same value back; anything else, a well-formed message of another type included,
 * is left to the schema (`false`), which refuses it with its issues. test/hot-check.test.ts pins that
 * against the schema, on valid messages and on every kind of damage to them.
 */
import { GAME_NAME, TYPE_NAME, hasExactly, isId, isInt, isObject, isPlayerId, type Json } from "./quick-check.js";
import { isHotTableMessage } from "./table-check.js";

/** A loose object with a valid `type` (a game command or event): any other keys, but no `__proto__` one (the schema's copy would not keep it as a key). */
function isTyped(v: unknown): boolean {
  return isObject(v) && typeof v.type === "string" && TYPE_NAME.test(v.type) && !Object.hasOwn(v, "__proto__");
}

function isPlayerIds(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const id of v) if (!isPlayerId(id)) return false;
  return true;
}

/** gameView: a loose object with its viewer (one of three strict shapes), stateId and waitingFor. */
function isView(v: unknown): boolean {
  if (!isObject(v) || Object.hasOwn(v, "__proto__") || !isInt(v.stateId, 0) || !isPlayerIds(v.waitingFor)) return false;
  return isViewer(v.viewer);
}

/** viewer: one of three strict shapes. */
function isViewer(viewer: unknown): boolean {
  if (!isObject(viewer)) return false;
  if (viewer.kind === "player") return isPlayerId(viewer.id) && hasExactly(viewer, 2);
  return (viewer.kind === "spectator" || viewer.kind === "admin") && hasExactly(viewer, 1);
}

/** viewChanges: a loose object (no `__proto__` key) whose `stateId`, `waitingFor` and `viewer`, when there, are a view's. */
function isViewChanges(v: unknown): boolean {
  if (!isObject(v) || Object.hasOwn(v, "__proto__")) return false;
  if (v.stateId !== undefined && !isInt(v.stateId, 0)) return false;
  if (v.waitingFor !== undefined && !isPlayerIds(v.waitingFor)) return false;
  return v.viewer === undefined || isViewer(v.viewer);
}

function isEvent(m: Json): boolean {
  // `ack` (a command id, for a socket that named ackInEvent) is the one optional key; of `view` and
  // `viewChanges` (for a socket that named viewChanges) exactly one is there, so the count is the same.
  if (m.ack !== undefined && !isId(m.ack)) return false;
  const viewShown = m.view !== undefined ? isView(m.view) && m.viewChanges === undefined : isViewChanges(m.viewChanges);
  if (!(viewShown && hasExactly(m, m.ack === undefined ? 8 : 9) && isId(m.gameId) && typeof m.game === "string" && GAME_NAME.test(m.game) && isInt(m.seq, 1) && isPlayerId(m.by) && isTyped(m.command))) return false;
  const events = m.events;
  if (!Array.isArray(events)) return false;
  for (const e of events) if (!isTyped(e)) return false;
  return true;
}

function isAck(m: Json): boolean {
  return hasExactly(m, 4) && isId(m.id) && isId(m.gameId) && isInt(m.seq, 1);
}

function isPresence(m: Json): boolean {
  if (!(hasExactly(m, 7) && isId(m.gameId) && isPlayerIds(m.away) && isPlayerIds(m.replaced) && isPlayerIds(m.connected) && isInt(m.turnMs, 0))) return false;
  const timers = m.timers;
  if (!Array.isArray(timers)) return false;
  for (const t of timers) if (!(isObject(t) && isPlayerId(t.playerId) && isInt(t.remainingMs, 0) && hasExactly(t, 2))) return false;
  return true;
}

/**
 * True when `json` (parsed JSON) is a valid `event`, `ack` or `presence` server message, or a `table`
 * or `ok` one that table-check.ts accepts, exactly as the protocol's schema would accept it; false for
 * anything else (then ask the schema).
 */
export function isHotServerMessage(json: unknown): boolean {
  if (!isObject(json)) return false;
  switch (json.type) {
    case "event":
      return isEvent(json);
    case "ack":
      return isAck(json);
    case "presence":
      return isPresence(json);
    case "table":
    case "ok":
      return isHotTableMessage(json);
    default:
      return false;
  }
}

/**
 * True when `json` (parsed JSON) is a `command` client message as the schema accepts it (exactly its
 * four keys, well-formed ids, a game command with a valid type); false for anything else. The caller
 * still looks for `__proto__` and `constructor.prototype` keys in the command.
 */
export function isHotClientCommand(json: unknown): boolean {
  return isObject(json) && json.type === "command" && hasExactly(json, 4) && isId(json.id) && isId(json.gameId) && isTyped(json.command);
}
