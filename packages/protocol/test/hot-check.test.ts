/**
 * The quick check of event, ack and presence messages (hot-check.ts) against the schema it stands in
 * for (serverMessage): it accepts the valid ones, and whatever it accepts the schema accepts with the
 * same value. Every field of valid messages is damaged in turn (removed, of another type, out of range,
 * a bad pattern, a key too many, a `__proto__` key) and each damaged message is put to both.
 */
import { describe, expect, it } from "vitest";
import { isHotClientCommand, isHotServerMessage } from "../src/hot-check.js";
import { clientMessage, parseClientMessage, parseServerMessage, serverMessage } from "../src/index.js";
import { poisoned } from "../src/parse.js";

const view = {
  viewer: { kind: "player", id: "p1" },
  stateId: 4,
  waitingFor: ["p2"],
  phase: "rolling",
  players: [{ id: "p1", life: 8, role: null }, { id: "p2", life: 0, role: "outlaw" }],
  dice: [{ face: "arrow", kept: false }],
};
const event = {
  type: "event",
  gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11",
  game: "dice",
  seq: 12,
  by: "p1",
  command: { type: "reroll", indexes: [0, 2] },
  events: [{ type: "rolled", faces: ["beer", "1"] }, { type: "turnEnded", player: "p1" }],
  view,
};
const { view: _view, ...eventHead } = event;
const samples = {
  event,
  spectatorEvent: { ...event, seq: 1, events: [], view: { ...view, viewer: { kind: "spectator" }, waitingFor: [] } },
  adminEvent: { ...event, view: { ...view, viewer: { kind: "admin" } } },
  // The sender's own event on a socket that named ackInEvent: its command's id folded in.
  foldedEvent: { ...event, ack: "c-42.x:y_z" },
  // On a socket that named viewChanges: the view's changed top-level keys instead of the view.
  changesEvent: { ...eventHead, viewChanges: { stateId: 5, waitingFor: ["p2"], dice: [{ face: "beer", kept: true }] } },
  foldedChangesEvent: { ...eventHead, viewChanges: { stateId: 5, phase: "resolving" }, ack: "c-42" },
  emptyChangesEvent: { ...eventHead, viewChanges: {} },
  ack: { type: "ack", id: "c-42.x:y_z", gameId: "game:1", seq: 1 },
  presence: { type: "presence", gameId: "g1", away: ["p3"], replaced: [], connected: ["p1", "p2"], timers: [{ playerId: "p2", remainingMs: 59_100 }], turnMs: 60_000 },
  idlePresence: { type: "presence", gameId: "g1", away: [], replaced: [], connected: [], timers: [], turnMs: 0 },
};

/** Values a damaged field takes: of every JSON type, out of every range and pattern the schemas have. */
const BAD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 2 ** 53, "", "x".repeat(65), "Bad Id!", "9starts_with_a_digit", "UPPER", [], [1], {}, { type: 1 }];

type Json = Record<string, unknown> | unknown[];

/** Every damaged copy of `value`: each field (at any depth) removed or replaced by each bad value, and an extra key in each object. */
function damaged(value: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (node: Json, rebuild: (replacement: Json) => unknown) => {
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v] as const) : Object.entries(node);
    if (!Array.isArray(node)) {
      out.push(rebuild({ ...node, extra: 1 }));
      const text = JSON.stringify(node);
      out.push(rebuild(JSON.parse(`{"__proto__":{"polluted":1}${text === "{}" ? "}" : `,${text.slice(1)}`}`)));
    } else out.push(rebuild([...node, { type: "x" }, 3]));
    for (const [key, child] of entries) {
      const without = Array.isArray(node) ? node.filter((_, i) => i !== key) : Object.fromEntries(Object.entries(node).filter(([k]) => k !== key));
      out.push(rebuild(without));
      for (const bad of BAD_VALUES) {
        const copy: Json = Array.isArray(node) ? node.slice() : { ...node };
        (copy as Record<string | number, unknown>)[key] = bad;
        out.push(rebuild(copy));
      }
      if (typeof child === "object" && child !== null) {
        walk(child as Json, (replacement) => {
          const copy: Json = Array.isArray(node) ? node.slice() : { ...node };
          (copy as Record<string | number, unknown>)[key] = replacement;
          return rebuild(copy);
        });
      }
    }
  };
  walk(value as Json, (replacement) => replacement);
  return out;
}

describe("the quick check of event, ack and presence messages", () => {
  it.each(Object.entries(samples))("accepts a valid %s, as the schema does, and parseServerMessage gives the same message", (_name, message) => {
    expect(serverMessage.safeParse(message).success).toBe(true);
    expect(isHotServerMessage(message)).toBe(true);
    expect(parseServerMessage(JSON.stringify(message))).toEqual({ ok: true, message: serverMessage.parse(message) });
  });

  it.each(Object.entries(samples))("accepts no damaged %s that the schema refuses, and answers every one as the schema does", (_name, message) => {
    const variants = damaged(message);
    expect(variants.length).toBeGreaterThan(60);
    let refused = 0;
    for (const variant of variants) {
      // Through the text, as a frame arrives (a `__proto__` key is an own key of the parsed object then).
      const text = JSON.stringify(variant);
      const json = JSON.parse(text);
      const schema = serverMessage.safeParse(json);
      if (isHotServerMessage(json)) {
        expect(schema.success, text).toBe(true);
        expect(json, text).toEqual(schema.data);
      }
      const parsed = parseServerMessage(text);
      expect(parsed.ok, text).toBe(schema.success);
      if (parsed.ok && schema.success) expect(parsed.message).toEqual(schema.data);
      if (!schema.success) refused++;
    }
    // Most damage is refused; what the schema lets through is damage inside the game's own parts of a view.
    expect(refused).toBeGreaterThan(variants.length / 3);
  });

  it("leaves every other message type to the schema", () => {
    for (const message of [{ type: "pong", rid: "r1" }, { type: "welcome", player: { id: "p1", name: "Ann" } }, { type: "snapshot", gameId: "g1", game: "dice", seq: 0, view }, { type: "error", code: "RETRY", message: "again" }]) {
      expect(serverMessage.safeParse(message).success).toBe(true);
      expect(isHotServerMessage(message)).toBe(false);
      expect(parseServerMessage(JSON.stringify(message))).toMatchObject({ ok: true });
    }
    expect(isHotServerMessage(null)).toBe(false);
    expect(isHotServerMessage([samples.ack])).toBe(false);
  });
});

describe("the quick check of command frames", () => {
  const commands = {
    roll: { type: "command", id: "c-1", gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", command: { type: "roll" } },
    resolve: { type: "command", id: "bot:7.2", gameId: "g1", command: { type: "resolve", shots: [{ die: 0, target: "p2" }], beers: [], arrowDiscards: ["p1"] } },
  };

  it.each(Object.entries(commands))("accepts a valid %s command, and parseClientMessage gives the schema's message", (_name, message) => {
    expect(isHotClientCommand(message)).toBe(true);
    expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message: clientMessage.parse(message) });
  });

  it.each(Object.entries(commands))("accepts no damaged %s command that the schema or the prototype check refuses", (_name, message) => {
    const variants = damaged(message);
    expect(variants.length).toBeGreaterThan(50);
    for (const variant of variants) {
      const text = JSON.stringify(variant);
      const json = JSON.parse(text);
      const schema = clientMessage.safeParse(json);
      const valid = schema.success && !poisoned(json);
      if (isHotClientCommand(json) && !poisoned(json.command)) {
        expect(valid, text).toBe(true);
        expect(json, text).toEqual(schema.data);
      }
      expect(parseClientMessage(text).ok, text).toBe(valid);
    }
    // A constructor.prototype deep in the command is refused as before.
    const deep = JSON.stringify({ ...message, command: { ...message.command, x: [{ constructor: { prototype: {} } }] } });
    expect(parseClientMessage(deep)).toMatchObject({ ok: false, code: "INVALID_MESSAGE", ref: { id: message.id, gameId: message.gameId } });
  });
});
