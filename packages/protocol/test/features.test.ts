/**
 * hello's `features` and the event's folded `ack` (docs/protocol.md#features): a client names what it
 * takes beyond the base protocol (names the server does not know pass the envelope and are ignored), and
 * an event may carry the sender's command id as `ack`; nothing else may.
 */
import { describe, expect, it } from "vitest";
import { CLIENT_FEATURES, parseClientMessage, parseServerMessage } from "../src/index.js";

const view = { viewer: { kind: "player", id: "p1" }, stateId: 3, waitingFor: ["p2"] };
const event = { type: "event", gameId: "g1", game: "dice", seq: 3, by: "p1", command: { type: "roll", by: "p1" }, events: [{ type: "rolled" }], view };

describe("hello features", () => {
  it("a hello may name features: ackInEvent, and names a server may not know yet; without the field it is the base protocol", () => {
    expect(CLIENT_FEATURES).toContain("ackInEvent");
    const hello = parseClientMessage(JSON.stringify({ type: "hello", token: "t", features: ["ackInEvent", "someFutureFeature"] }));
    expect(hello).toEqual({ ok: true, message: { type: "hello", token: "t", features: ["ackInEvent", "someFutureFeature"] } });
    expect(parseClientMessage(JSON.stringify({ type: "hello", token: "t" }))).toEqual({ ok: true, message: { type: "hello", token: "t" } });
    expect(parseClientMessage(JSON.stringify({ type: "hello", token: "t", features: [] }))).toMatchObject({ ok: true });
  });

  it("refuses a malformed feature list with INVALID_MESSAGE naming features", () => {
    const bad = [{ features: "ackInEvent" }, { features: ["ack in event"] }, { features: [""] }, { features: [7] }, { features: ["x".repeat(33)] }, { features: Array.from({ length: 17 }, (_, i) => `f${i}`) }];
    for (const extra of bad) {
      const parsed = parseClientMessage(JSON.stringify({ type: "hello", token: "t", ...extra }));
      expect(parsed.ok ? "accepted" : `${parsed.code} ${parsed.message}`).toMatch(/^INVALID_MESSAGE features/);
    }
  });
});

describe("the ack folded into an event", () => {
  it("an event may carry the sender's command id as ack; without it, it is the plain event", () => {
    expect(parseServerMessage(JSON.stringify({ ...event, ack: "cmd-1" }))).toEqual({ ok: true, message: { ...event, ack: "cmd-1" } });
    expect(parseServerMessage(JSON.stringify(event))).toEqual({ ok: true, message: event });
  });

  it("refuses an ack that is no command id, and an ack on any other message", () => {
    for (const ack of ["", "~bot:g1:3", "a b", 3, { id: "cmd-1" }]) {
      const parsed = parseServerMessage(JSON.stringify({ ...event, ack }));
      expect(parsed.ok ? "accepted" : `${parsed.code} ${parsed.message}`).toMatch(/^INVALID_MESSAGE ack/);
    }
    const snapshot = { type: "snapshot", gameId: "g1", game: "dice", seq: 3, view };
    expect(parseServerMessage(JSON.stringify(snapshot))).toMatchObject({ ok: true });
    expect(parseServerMessage(JSON.stringify({ ...snapshot, ack: "cmd-1" }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
  });
});

describe("an event's view changes (hello feature viewChanges)", () => {
  const { view: _view, ...head } = event;

  it("viewChanges is a feature; an event carries its view or its viewChanges (the view's changed top-level keys), and either may carry an ack", () => {
    expect(CLIENT_FEATURES).toContain("viewChanges");
    const changes = { ...head, viewChanges: { stateId: 4, dice: [1, 2], waitingFor: [] } };
    expect(parseServerMessage(JSON.stringify(changes))).toEqual({ ok: true, message: changes });
    expect(parseServerMessage(JSON.stringify({ ...changes, ack: "cmd-1" }))).toEqual({ ok: true, message: { ...changes, ack: "cmd-1" } });
    // Nothing changed but what the module keeps elsewhere: an empty object is a valid change set.
    expect(parseServerMessage(JSON.stringify({ ...head, viewChanges: {} }))).toMatchObject({ ok: true });
  });

  it("refuses an event with both view and viewChanges, with neither, and changes whose view fields are malformed", () => {
    const refusals = [
      { ...event, viewChanges: { stateId: 4 } },
      head,
      { ...head, viewChanges: { stateId: -1 } },
      { ...head, viewChanges: { waitingFor: "p2" } },
      { ...head, viewChanges: { viewer: { kind: "player" } } },
      { ...head, viewChanges: [{ stateId: 4 }] },
      { ...head, viewChanges: null },
    ];
    for (const frame of refusals) {
      const text = JSON.stringify(frame);
      expect(parseServerMessage(text), text).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    }
    expect(parseServerMessage(JSON.stringify(head))).toMatchObject({ message: expect.stringContaining("exactly one") });
    expect(parseServerMessage(JSON.stringify({ ...event, viewChanges: {} }))).toMatchObject({ message: expect.stringContaining("exactly one") });
    // A snapshot is always the whole view.
    expect(parseServerMessage(JSON.stringify({ type: "snapshot", gameId: "g1", game: "dice", seq: 3, viewChanges: { stateId: 3 } }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
  });
});
