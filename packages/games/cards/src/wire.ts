import { isCardId } from "./rules/deck.js";
import { BARREL_SOURCES } from "./types.js";

/** A value check of one command field. */
type FieldCheck = (value: unknown) => boolean;

/** The `playerId` of schemas.ts: a string of 1 to 64 characters. */
const isPlayerId: FieldCheck = (v) => typeof v === "string" && v.length >= 1 && v.length <= 64;
/** A list of `min` to `max` card ids of E2.1 (repeats allowed: the rules refuse them with their own code). */
const cardList =
  (min: number, max: number): FieldCheck =>
  (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return false;
    for (const c of v) if (!isCardId(c)) return false;
    return true;
  };

/** Per command type (schemas.ts `cardsCommand`): each field besides `type`, its check, and whether it must be present. */
const SHAPES: Readonly<Record<string, Readonly<Record<string, { check: FieldCheck; required: boolean }>>>> = {
  draw: { from: { check: isPlayerId, required: false } },
  keep: { cards: { check: cardList(2, 2), required: true } },
  play: {
    card: { check: isCardId, required: true },
    target: { check: isPlayerId, required: false },
    targetCard: { check: isCardId, required: false },
    as: { check: (v) => v === "bang", required: false },
  },
  respond: { card: { check: isCardId, required: true } },
  barrel: { source: { check: (v) => (BARREL_SOURCES as readonly unknown[]).includes(v), required: true } },
  choose: { card: { check: isCardId, required: true } },
  pass: {},
  pick: { card: { check: isCardId, required: true } },
  ability: { cards: { check: cardList(2, 2), required: true } },
  end: {},
  discard: { cards: { check: cardList(0, 80), required: true } },
};

/**
 * A quick check that a command with `by` is well formed, run before the zod schema on the reducer's hot
 * path: true only for a plain object whose `type` is a command type and whose other fields (besides
 * `by`, checked by the reducer) are exactly fields of that type with valid values, all required ones
 * present and none `undefined`; then `cardsCommand` accepts it without `by` (test/rules/wire.test.ts).
 * False for anything else, well formed or not: the caller then asks the schema, which gives the
 * INVALID_COMMAND message. Never throws.
 */
export function quickWellFormed(command: unknown): boolean {
  if (command === null || typeof command !== "object") return false;
  const proto = Object.getPrototypeOf(command);
  if (proto !== Object.prototype && proto !== null) return false;
  const fields = command as Record<string, unknown>;
  const type = fields.type;
  if (typeof type !== "string" || !Object.hasOwn(SHAPES, type)) return false;
  const shape = SHAPES[type]!;
  let present = 0;
  let typed = false;
  for (const key of Object.keys(fields)) {
    if (key === "type") typed = true;
    if (key === "type" || key === "by") continue;
    if (!Object.hasOwn(shape, key)) return false;
    const field = shape[key]!;
    const value = fields[key];
    if (value === undefined || !field.check(value)) return false;
    if (field.required) present++;
  }
  return typed && present === REQUIRED[type];
}

/** How many required fields each command type has. */
const REQUIRED: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(SHAPES).map(([type, shape]) => [type, Object.values(shape).filter((f) => f.required).length]));
