/**
 * The quick check of table and ok messages (table-check.ts) against the schema it stands in for
 * (serverMessage): it accepts the valid ones, and whatever it accepts the schema accepts with the same
 * value. Every field of valid messages is damaged in turn (removed, of another type, out of range, a bad
 * pattern, a key too many, a `__proto__` key) and each damaged message is put to both, through the
 * text as a frame arrives.
 */
import { describe, expect, it } from "vitest";
import { isHotServerMessage } from "../src/hot-check.js";
import { parseServerMessage, serverMessage } from "../src/index.js";
import { isHotTableMessage } from "../src/table-check.js";

const seat = (index: number, playerId: string | null, bot: "heuristic" | "random" | null = null) => ({
  index,
  playerId,
  name: playerId === null ? null : `name of ${playerId}`,
  bot,
  ready: playerId !== null,
  connected: bot === null && playerId !== null,
});
const openTable = {
  code: "AB12",
  hostId: "p1",
  options: { game: "dice", seats: 4, botsAllowed: true, botKind: "heuristic", turnSeconds: 60, gameOptions: {} },
  seats: [seat(0, "p1"), seat(1, "p2"), seat(2, null), seat(3, null)],
  status: "open",
  gameId: null,
};
const playingTable = {
  ...openTable,
  code: "ZZ99XY00",
  options: { ...openTable.options, game: "cards_2", seats: 3, botsAllowed: false, botKind: "random", turnSeconds: 5, gameOptions: { expansion: "dodge", deck: [1, 2], rules: { fast: true, note: null } } },
  seats: [seat(0, "p1"), seat(1, "bot:1", "random"), seat(-2, "p3")],
  status: "playing",
  gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11",
};
const samples = {
  tablePush: { type: "table", table: openTable },
  playingTablePush: { type: "table", table: playingTable },
  finishedTablePush: { type: "table", table: { ...playingTable, status: "finished", seats: [] } },
  okWithTable: { type: "ok", rid: "r12", table: playingTable },
  bareOk: { type: "ok", rid: "r1" },
};

/** Values a damaged field takes: of every JSON type, out of every range and pattern the schemas have. */
const BAD_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 4, 17, 601, 2 ** 53, "", "x".repeat(65), "ab12", "Bad Id!", "9x", "admin", [], [1], {}, { type: 1 }];

type Json = Record<string, unknown> | unknown[];

/** Every damaged copy of `value`: each field (at any depth) removed or replaced by each bad value, an extra key in each object, a `__proto__` key in each. */
function damaged(value: Json): unknown[] {
  const out: unknown[] = [];
  const visit = (node: Json, put: (replacement: Json) => unknown): void => {
    if (Array.isArray(node)) out.push(put([...node, { extra: 1 }]), put(node.slice(1)));
    else {
      const text = JSON.stringify(node);
      out.push(put({ ...node, extra: 1 }), put(JSON.parse(`{"__proto__":{"polluted":1}${text === "{}" ? "}" : `,${text.slice(1)}`}`)));
    }
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const replaced = (v: unknown): Json => {
        const copy: Json = Array.isArray(node) ? node.slice() : { ...node };
        (copy as Record<string | number, unknown>)[key] = v;
        return copy;
      };
      if (!Array.isArray(node)) out.push(put(Object.fromEntries(Object.entries(node).filter(([k]) => k !== key))));
      for (const bad of BAD_VALUES) out.push(put(replaced(bad)));
      const child = (node as Record<string | number, unknown>)[key];
      if (typeof child === "object" && child !== null) visit(child as Json, (replacement) => put(replaced(replacement)));
    }
  };
  visit(value, (replacement) => replacement);
  return out;
}

describe("the quick check of table and ok messages", () => {
  it.each(Object.entries(samples))("accepts a valid %s, as the schema does, and parseServerMessage gives the same message", (_name, message) => {
    expect(serverMessage.safeParse(message).success).toBe(true);
    expect(isHotTableMessage(message)).toBe(true);
    expect(isHotServerMessage(message)).toBe(true);
    expect(parseServerMessage(JSON.stringify(message))).toEqual({ ok: true, message: serverMessage.parse(message) });
  });

  it.each(Object.entries(samples))("accepts no damaged %s that the schema refuses, and answers every one as the schema does", (_name, message) => {
    const variants = damaged(message);
    expect(variants.length).toBeGreaterThan(40);
    let refused = 0;
    let quick = 0;
    for (const variant of variants) {
      const text = JSON.stringify(variant);
      const json = JSON.parse(text);
      const schema = serverMessage.safeParse(json);
      if (isHotTableMessage(json)) {
        quick++;
        expect(schema.success, text).toBe(true);
        expect(json, text).toEqual(schema.data);
      }
      const parsed = parseServerMessage(text);
      expect(parsed.ok, text).toBe(schema.success);
      if (parsed.ok && schema.success) expect(parsed.message, text).toEqual(schema.data);
      if (!schema.success) refused++;
    }
    expect(refused).toBeGreaterThan(variants.length / 3);
    // Some damage is still valid (another seat count, a name of null...): the quick check takes it.
    expect(quick).toBeGreaterThan(0);
  });

  it("leaves to the schema what it would fill with a default, an ok with a queue status, and a gameOptions with a __proto__ key", () => {
    const { botsAllowed: _b, ...withoutBotsAllowed } = openTable.options;
    const defaulted = { type: "table", table: { ...openTable, options: withoutBotsAllowed } };
    expect(isHotTableMessage(defaulted)).toBe(false);
    // The schema fills the default in: the message a client gets is not the frame's object.
    expect(parseServerMessage(JSON.stringify(defaulted))).toEqual({ ok: true, message: { type: "table", table: { ...openTable, options: { ...withoutBotsAllowed, botsAllowed: true } } } });

    const queued = { type: "ok", rid: "r2", queue: { state: "idle" } };
    expect(isHotTableMessage(queued)).toBe(false);
    expect(parseServerMessage(JSON.stringify(queued))).toEqual({ ok: true, message: queued });

    const poisoned = JSON.parse(`{"type":"table","table":${JSON.stringify({ ...openTable, options: { ...openTable.options, gameOptions: "@" } }).replace('"@"', '{"__proto__":{"x":1}}')}}`);
    expect(Object.hasOwn(poisoned.table.options.gameOptions, "__proto__")).toBe(true);
    expect(isHotTableMessage(poisoned)).toBe(false);
  });

  it("refuses what is not a table or ok message", () => {
    for (const json of [null, [], "table", { type: "pong", rid: "r1" }, { type: "ok" }, { type: "table" }, { type: "ok", rid: "", table: openTable }]) expect(isHotTableMessage(json)).toBe(false);
  });
});
