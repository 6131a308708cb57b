import { describe, expect, it } from "vitest";
import type { EventChangesMessage } from "@bang/protocol";
import { GameTracker, backoffDelay, webSocketUrl, type EventMessage } from "../src/index.js";
import { apiUrl } from "../src/http.js";
import { Emitter } from "../src/emitter.js";
import { sameJson } from "../src/same.js";
import { frameText } from "../src/socket.js";
import { viewAt } from "./fakeServer.js";

/** The pure parts: game bookkeeping, backoff, URLs, frame decoding. */

const event = (seq: number, gameId = "g1"): EventMessage => ({ type: "event", gameId, game: "dice", seq, by: "p1", command: { type: "roll" }, events: [], view: viewAt(seq, "p1") });

describe("GameTracker", () => {
  it("applies events in order, drops duplicates and old ones, and reports a gap with the last seq", () => {
    const t = new GameTracker();
    expect(t.applyEvent(event(1))).toEqual({ kind: "applied", event: event(1) });
    expect(t.applyEvent(event(1))).toEqual({ kind: "duplicate" });
    expect(t.applyEvent(event(2))).toEqual({ kind: "applied", event: event(2) });
    expect(t.applyEvent(event(4))).toEqual({ kind: "gap", lastSeq: 2 });
    expect(t.lastSeq("g1")).toBe(2);
    expect(t.behind("g1")).toBe(true);
    expect(t.applyEvent(event(3))).toEqual({ kind: "applied", event: event(3) });
    expect(t.applyEvent(event(4))).toEqual({ kind: "applied", event: event(4) });
    expect(t.behind("g1")).toBe(false);
    expect(t.get("g1")?.view.stateId).toBe(4);
    expect(t.get("g1")?.game).toBe("dice");
  });

  it("counts a game first seen through an event as being at seq 0", () => {
    const t = new GameTracker();
    expect(t.applyEvent(event(3, "g2"))).toEqual({ kind: "gap", lastSeq: 0 });
    expect(t.get("g2")).toBeUndefined();
    expect(t.followed()).toEqual(["g2"]);
  });

  it("applies an event's view changes onto the view at exactly seq - 1, and hands on the event with the whole view", () => {
    const t = new GameTracker();
    const changes = (seq: number, viewChanges: Record<string, unknown>, ack?: string): EventChangesMessage => {
      const { view: _view, ...head } = event(seq);
      return { ...head, viewChanges, ...(ack === undefined ? {} : { ack }) };
    };
    t.applySnapshot({ type: "snapshot", gameId: "g1", game: "dice", seq: 1, view: viewAt(1, "p1") });
    const two = { ...viewAt(1, "p1"), stateId: 2, phase: "resolving" };
    expect(t.applyEvent(changes(2, { stateId: 2, phase: "resolving" }))).toEqual({ kind: "applied", event: { ...event(2), view: two } });
    expect(t.get("g1")?.view).toEqual(two);
    // Keys not named keep their values (the same objects); the ack stays the event's last key.
    const players = (t.get("g1")!.view as unknown as { players: unknown }).players;
    const outcome = t.applyEvent(changes(3, { stateId: 3 }, "c-1"));
    expect(outcome).toEqual({ kind: "applied", event: { ...event(3), view: { ...two, stateId: 3 }, ack: "c-1" } });
    if (outcome.kind !== "applied") throw new Error("not applied");
    expect(Object.keys(outcome.event)).toEqual(["type", "gameId", "game", "seq", "by", "command", "events", "view", "ack"]);
    expect((outcome.event.view as unknown as { players: unknown }).players).toBe(players);
    expect(t.applyEvent(changes(3, { stateId: 99 }))).toEqual({ kind: "duplicate" });
    expect(t.applyEvent(changes(5, { stateId: 5 }))).toEqual({ kind: "gap", lastSeq: 3 });
    expect(t.get("g1")?.view.stateId).toBe(3);
  });

  it("takes view changes for a game it has no view of as a gap (nothing to apply them onto), even at seq 1", () => {
    const t = new GameTracker();
    const { view: _view, ...head } = event(1, "g3");
    expect(t.applyEvent({ ...head, viewChanges: { stateId: 1 } })).toEqual({ kind: "gap", lastSeq: 0 });
    expect(t.get("g3")).toBeUndefined();
    expect(t.behind("g3")).toBe(true);
    expect(t.followed()).toEqual(["g3"]);
    // The resume brings the whole event.
    expect(t.applyEvent(event(1, "g3"))).toEqual({ kind: "applied", event: event(1, "g3") });
  });

  it("applies a snapshot unless it is older than the state", () => {
    const t = new GameTracker();
    expect(t.applySnapshot({ type: "snapshot", gameId: "g1", game: "dice", seq: 5, view: viewAt(5, "p1") })).toBe(true);
    expect(t.applySnapshot({ type: "snapshot", gameId: "g1", game: "dice", seq: 4, view: viewAt(4, "p1") })).toBe(false);
    expect(t.applySnapshot({ type: "snapshot", gameId: "g1", game: "dice", seq: 5, view: viewAt(5, "p2") })).toBe(true);
    expect(t.get("g1")).toMatchObject({ game: "dice", seq: 5, view: { viewer: { kind: "player", id: "p2" } } });
    expect(t.applyEvent(event(5))).toEqual({ kind: "duplicate" });
    expect(t.applyEvent(event(6))).toEqual({ kind: "applied", event: event(6) });
    t.forget("g1");
    expect(t.all()).toEqual([]);
    expect(t.followed()).toEqual([]);
  });
});

describe("backoffDelay", () => {
  const options = { initialDelayMs: 100, maxDelayMs: 1000, jitter: 0.5, maxAttempts: Infinity };

  it("doubles from the initial delay up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, options, () => 0))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("takes off at most `jitter` of the delay", () => {
    expect(backoffDelay(2, options, () => 1)).toBe(200);
    expect(backoffDelay(2, options, () => 0.5)).toBe(300);
    expect(backoffDelay(2, { ...options, jitter: 0 }, () => 1)).toBe(400);
  });
});

describe("URLs", () => {
  it("derives the WebSocket URL from the HTTP base", () => {
    expect(webSocketUrl("http://localhost:8080")).toBe("ws://localhost:8080/ws");
    expect(webSocketUrl("https://bang.example/game/")).toBe("wss://bang.example/game/ws");
    expect(webSocketUrl("ws://localhost:9000/socket")).toBe("ws://localhost:9000/socket");
    expect(() => webSocketUrl("ftp://x")).toThrow(TypeError);
  });

  it("joins API paths to the base", () => {
    expect(apiUrl("http://localhost:8080", "/api/guests")).toBe("http://localhost:8080/api/guests");
    expect(apiUrl("http://h/base/?x=1", "/api/guests")).toBe("http://h/base/api/guests");
  });
});

describe("frameText", () => {
  it("decodes text from strings, bytes and fragments", () => {
    const bytes = new TextEncoder().encode("héllo");
    expect(frameText("x")).toBe("x");
    expect(frameText(bytes)).toBe("héllo");
    expect(frameText(bytes.buffer)).toBe("héllo");
    expect(frameText([bytes.subarray(0, 2), bytes.subarray(2)])).toBe("héllo");
    expect(frameText(42)).toBeNull();
  });
});

describe("sameJson", () => {
  it("compares parsed JSON as data: key order aside, arrays in order, every type", () => {
    const table = JSON.parse('{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":-0}');
    expect(sameJson(table, JSON.parse(JSON.stringify(table)))).toBe(true);
    expect(sameJson(table, JSON.parse('{"n":0,"options":{"o":{"deep":[1,[2,{"z":true}]]}},"seats":[{"p":null,"i":0},{"i":1,"p":"x"}],"code":"AB12"}'))).toBe(true);
    const differing = [
      '{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":false}]]}},"n":0}',
      '{"code":"AB12","seats":[{"i":1,"p":"x"},{"i":0,"p":null}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":0}',
      '{"code":"AB12","seats":[{"i":0,"p":null}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":0}',
      '{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":true}]]}}}',
      '{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":0,"extra":null}',
      '{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":{"0":1,"1":[2,{"z":true}]}}},"n":0}',
      '{"code":"AB12","seats":[{"i":0,"p":null},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":"0"}',
      '{"code":"AB12","seats":[{"i":0,"p":{}},{"i":1,"p":"x"}],"options":{"o":{"deep":[1,[2,{"z":true}]]}},"n":0}',
    ];
    for (const text of differing) {
      expect(sameJson(table, JSON.parse(text)), text).toBe(false);
      expect(sameJson(JSON.parse(text), table), text).toBe(false);
    }
    for (const [a, b] of [[null, {}], [[], {}], [1, "1"], [true, 1], [null, undefined]] as const) expect(sameJson(a, b)).toBe(false);
  });

  it("walks data nested deeper than the call stack goes", () => {
    const deep = (n: number) => JSON.parse(`${"[".repeat(n)}1${"]".repeat(n)}`);
    expect(sameJson(deep(200_000), deep(200_000))).toBe(true);
    expect(sameJson(deep(200_000), deep(199_999))).toBe(false);
  });
});

describe("Emitter", () => {
  it("calls the listeners of an emit as they were when it began, one listener or several", () => {
    for (const listeners of [1, 3]) {
      const emitter = new Emitter<{ ping: (n: number) => void }>(() => undefined);
      const calls: string[] = [];
      const late = (n: number) => calls.push(`late ${n}`);
      for (let i = 0; i < listeners; i++) {
        emitter.on("ping", (n) => {
          calls.push(`${i} ${n}`);
          // Added during an emit: called from the next one on. Removed during an emit: still called by it.
          emitter.on("ping", late);
          if (i === 0 && listeners > 1) emitter.off("ping", offDuring);
        });
      }
      const offDuring = (n: number) => calls.push(`removed ${n}`);
      if (listeners > 1) emitter.on("ping", offDuring);
      emitter.emit("ping", 1);
      emitter.emit("ping", 2);
      const first = Array.from({ length: listeners }, (_, i) => `${i} 1`);
      const second = Array.from({ length: listeners }, (_, i) => `${i} 2`);
      expect(calls).toEqual(listeners > 1 ? [...first, "removed 1", ...second, "late 2"] : [...first, ...second, "late 2"]);
    }
  });

  it("reports a listener that throws and goes on with the others", () => {
    const failures: unknown[] = [];
    const emitter = new Emitter<{ ping: () => void }>((error) => failures.push(error));
    const calls: number[] = [];
    emitter.on("ping", () => {
      throw new Error("boom");
    });
    emitter.emit("ping");
    emitter.on("ping", () => calls.push(2));
    emitter.emit("ping");
    expect(calls).toEqual([2]);
    expect(failures).toHaveLength(2);
  });
});
