/**
 * A quick check of the server messages that carry a table (`table`, and `ok`: a request's answer,
 * bare or with its table), written out by hand like hot-check.ts: a table goes to every seated
 * client at each join, ready and start, and zod's walk of it (options, every seat) made a result
 * object per field, the SDK's largest allocation after the frames themselves. It accepts a message only
 * when `serverMessage` would accept it and give the same value back (every key there: none the
 * schema would fill with its default); anything else is left to the schema (`false`), which accepts or
 * refuses it with its issues. test/table-check.test.ts pins that against the schema.
 */
import { botKind, LIMITS, tableView } from "./messages.js";
import { GAME_NAME, hasExactly, isId, isInt, isObject, isPlayerId, isText } from "./quick-check.js";

/** The table code's pattern (messages.ts tableCode). */
const TABLE_CODE = /^[A-Z0-9]{4,8}$/;
/** The enums' values, read from the schemas so that the two cannot drift apart. */
const BOT_KINDS: ReadonlySet<unknown> = new Set(botKind.options);
const TABLE_STATUSES: ReadonlySet<unknown> = new Set(tableView.shape.status.options);
/** tableOptions.turnSeconds's range (messages.ts). */
const MIN_TURN_SECONDS = 5;
const MAX_TURN_SECONDS = 600;

/** tableOptions with every field given (a missing one would take the schema's default: not the same value). */
function isOptions(o: unknown): boolean {
  if (!isObject(o) || !hasExactly(o, 6)) return false;
  const gameOptions = o.gameOptions;
  return (
    typeof o.game === "string" &&
    GAME_NAME.test(o.game) &&
    isInt(o.seats, 1, LIMITS.maxSeats) &&
    typeof o.botsAllowed === "boolean" &&
    BOT_KINDS.has(o.botKind) &&
    isInt(o.turnSeconds, MIN_TURN_SECONDS, MAX_TURN_SECONDS) &&
    // A record of anything; the schema's copy would not keep a `__proto__` key as a key.
    isObject(gameOptions) &&
    !Object.hasOwn(gameOptions, "__proto__")
  );
}

/** seatView: six fields, three of them nullable. */
function isSeat(s: unknown): boolean {
  return (
    isObject(s) &&
    hasExactly(s, 6) &&
    isInt(s.index, Number.MIN_SAFE_INTEGER) &&
    (s.playerId === null || isPlayerId(s.playerId)) &&
    (s.name === null || typeof s.name === "string") &&
    (s.bot === null || BOT_KINDS.has(s.bot)) &&
    typeof s.ready === "boolean" &&
    typeof s.connected === "boolean"
  );
}

/** tableView, exactly as the schema accepts it with every key given. */
export function isTableView(t: unknown): boolean {
  if (!(isObject(t) && hasExactly(t, 6) && typeof t.code === "string" && TABLE_CODE.test(t.code) && isPlayerId(t.hostId) && TABLE_STATUSES.has(t.status))) return false;
  if (!(t.gameId === null || isId(t.gameId))) return false;
  if (!isOptions(t.options)) return false;
  const seats = t.seats;
  if (!Array.isArray(seats)) return false;
  for (const seat of seats) if (!isSeat(seat)) return false;
  return true;
}

/**
 * True when `json` (parsed JSON) is a valid `table` message, or an `ok` carrying its `rid` and nothing
 * else or its `rid` and a table, exactly as the protocol's schema would accept it; false for anything
 * else (an `ok` with a queue status or a history included: then ask the schema).
 */
export function isHotTableMessage(json: unknown): boolean {
  if (!isObject(json)) return false;
  if (json.type === "table") return hasExactly(json, 2) && isTableView(json.table);
  if (json.type !== "ok" || !isText(json.rid, 1, 64)) return false;
  if (json.table === undefined) return hasExactly(json, 2);
  return hasExactly(json, 3) && isTableView(json.table);
}
