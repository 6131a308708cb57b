import { describe, expect, it } from "vitest";
import { LIMITS, parseClientMessage, parseServerMessage } from "../src/index.js";
import fc from "fast-check";
import secureJson from "secure-json-parse";
import { poisoned, utf8Length } from "../src/parse.js";

describe("parseClientMessage", () => {
  it("accepts a game command and keeps its fields", () => {
    const parsed = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "reroll", indexes: [0, 3] } }));
    expect(parsed).toEqual({ ok: true, message: { type: "command", id: "c1", gameId: "g1", command: { type: "reroll", indexes: [0, 3] } } });
  });

  it("refuses a frame that is not JSON with BAD_JSON", () => {
    expect(parseClientMessage("{nope")).toMatchObject({ ok: false, code: "BAD_JSON" });
  });

  it("refuses an unknown type with UNKNOWN_TYPE, naming it", () => {
    const parsed = parseClientMessage(JSON.stringify({ type: "teleport" }));
    expect(parsed).toMatchObject({ ok: false, code: "UNKNOWN_TYPE" });
    if (!parsed.ok) expect(parsed.message).toContain('"teleport"');
    expect(parseClientMessage("[1,2]")).toMatchObject({ ok: false, code: "UNKNOWN_TYPE" });
    expect(parseClientMessage("null")).toMatchObject({ ok: false, code: "UNKNOWN_TYPE" });
  });

  it("refuses a wrong field with INVALID_MESSAGE naming the field", () => {
    const parsed = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "roll" }, by: "someone-else" }));
    expect(parsed).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    if (!parsed.ok) expect(parsed.message).toMatch(/by/);
    const untyped = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { indexes: [0] } }));
    expect(untyped.ok ? "accepted" : untyped.message).toMatch(/^command\.type: /);
    const badType = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "re roll" } }));
    expect(badType.ok ? "accepted" : badType.message).toMatch(/^command\.type: /);
  });

  it("leaves a command's own fields to its game's module: the envelope takes any object with a type (parseGameCommand checks the rest)", () => {
    const parsed = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "reroll", indexes: [7] } }));
    expect(parsed).toEqual({ ok: true, message: { type: "command", id: "c1", gameId: "g1", command: { type: "reroll", indexes: [7] } } });
  });

  it("a refused object carries its well-formed rid, or id and gameId, so the sender can match it (ref)", () => {
    const badRequest = parseClientMessage(JSON.stringify({ type: "joinTable", rid: "r7", code: "abc" }));
    expect(badRequest).toMatchObject({ ok: false, code: "INVALID_MESSAGE", ref: { rid: "r7" } });
    const badCommand = parseClientMessage(JSON.stringify({ type: "command", id: "c9", gameId: "g1", command: { indexes: [7] } }));
    expect(badCommand).toMatchObject({ ok: false, code: "INVALID_MESSAGE", ref: { id: "c9", gameId: "g1" } });
    expect(parseClientMessage(JSON.stringify({ type: "teleport", rid: "r8" }))).toMatchObject({ ok: false, code: "UNKNOWN_TYPE", ref: { rid: "r8" } });
    // Ids that are not well formed are not echoed (the error must stay a valid server message).
    const malformed = parseClientMessage(JSON.stringify({ type: "command", id: "~bot:g:1", gameId: "g1", rid: "", command: { type: "roll" } }));
    expect(malformed).toMatchObject({ ok: false, code: "INVALID_MESSAGE", ref: {} });
    // A gameId alone is not a command's reference, nor an id on another kind of frame (the SDK would
    // take the error for a command's and never fail the request).
    expect(parseClientMessage(JSON.stringify({ type: "spectate", gameId: "g1" }))).toMatchObject({ ok: false, ref: {} });
    const foreign = parseClientMessage(JSON.stringify({ type: "joinTable", rid: "r4", id: "c4", gameId: "g4", code: "abc" }));
    expect(foreign).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    if (!foreign.ok) expect(foreign.ref).toEqual({ rid: "r4" });
    expect(parseClientMessage("[1]")).toMatchObject({ ok: false, code: "UNKNOWN_TYPE", ref: {} });
    for (const p of [badRequest, badCommand]) {
      if (p.ok) throw new Error("refused above");
      expect(parseServerMessage(JSON.stringify({ type: "error", code: p.code, message: p.message, ...p.ref })).ok).toBe(true);
    }
  });

  it("refuses a __proto__ or constructor.prototype key at any depth (a game command, a table option) with INVALID_MESSAGE, echoing the ids", () => {
    const frames = [
      '{"type":"command","id":"c1","gameId":"g1","command":{"type":"roll","__proto__":{"by":"bot"}}}',
      '{"type":"createTable","rid":"r1","options":{"game":"dice","seats":4,"gameOptions":{"__proto__":{"x":1}}}}',
      '{"type":"command","id":"c2","gameId":"g1","command":{"type":"roll","constructor":{"prototype":{"x":1}}}}',
    ];
    for (const frame of frames) {
      const parsed = parseClientMessage(frame);
      expect(parsed.ok, frame).toBe(false);
      if (!parsed.ok) {
        expect(parsed.code).toBe("INVALID_MESSAGE");
        expect(parsed.message).toMatch(/__proto__ or constructor\.prototype/);
      }
    }
    expect(parseClientMessage(frames[0]!)).toMatchObject({ ok: false, ref: { id: "c1", gameId: "g1" } });
    // The words alone, as values, are fine.
    expect(parseClientMessage('{"type":"ping","rid":"__proto__"}').ok).toBe(true);
  });

  it("keeps a refusal of junk small: each issue's message is cut at 200 characters", () => {
    const junk = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, i])); // about 11 KB
    const parsed = parseClientMessage(JSON.stringify({ type: "ping", rid: "r", ...junk }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.code).toBe("INVALID_MESSAGE");
      expect(parsed.message.length).toBeLessThan(700);
      expect(parsed.message).toMatch(/k0/);
    }
  });

  it("refuses a frame over 16 KiB with FRAME_TOO_LARGE before parsing it", () => {
    const big = JSON.stringify({ type: "ping", rid: "x".repeat(LIMITS.maxFrameBytes) });
    expect(parseClientMessage(big)).toMatchObject({ ok: false, code: "FRAME_TOO_LARGE" });
    expect(parseClientMessage(Buffer.from(big))).toMatchObject({ ok: false, code: "FRAME_TOO_LARGE" });
  });
});

describe("parseServerMessage", () => {
  it("accepts an error whose code is UPPER_SNAKE_CASE (the protocol's, or a game's own) and refuses any other code", () => {
    for (const code of ["NOT_YOUR_TURN", "UNKNOWN_GAME", "ALREADY_PICKED", "SOME_GAME_CODE_2"]) {
      expect(parseServerMessage(JSON.stringify({ type: "error", code, message: "wait" })), code).toMatchObject({ ok: true });
    }
    for (const code of ["whatever", "Not_Your_Turn", "NOT-YOUR-TURN", "2FAST", "X", "", 42, `A${"B".repeat(48)}`]) {
      const parsed = parseServerMessage(JSON.stringify({ type: "error", code, message: "?" }));
      expect(parsed, String(code)).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
      if (!parsed.ok) expect(parsed.message).toMatch(/^code: /);
    }
  });

  it("a game id with a NUL or another control character is INVALID_MESSAGE, never a lookup (PostgreSQL text holds no NUL)", () => {
    for (const gameId of ["\u0000", "g\u0000", "g\n1", "g 1", "x".repeat(65)]) {
      for (const frame of [{ type: "spectate", rid: "r1", gameId }, { type: "resume", rid: "r1", gameId, lastSeq: 0 }, { type: "command", id: "c1", gameId, command: { type: "roll" } }]) {
        const parsed = parseClientMessage(JSON.stringify(frame));
        expect(parsed.ok ? "accepted" : parsed.code, JSON.stringify(frame)).toBe("INVALID_MESSAGE");
      }
      const hello = parseClientMessage(JSON.stringify({ type: "hello", token: "t", resume: [{ gameId, lastSeq: 0 }] }));
      expect(hello.ok ? "accepted" : hello.code).toBe("INVALID_MESSAGE");
    }
    expect(parseClientMessage(JSON.stringify({ type: "spectate", rid: "r1", gameId: "0b1c2d3e-0000-4000-8000-123456789abc" })).ok).toBe(true);
  });
});

describe("utf8Length", () => {
  it("counts the bytes of a frame as UTF-8 encodes them, without Buffer", () => {
    for (const text of ["", "plain", "café", "€uro", "🂡 ace", "\ud83d", "x\udc00y", "ok 🂡🂡"]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
  });
});

describe("poisoned", () => {
  it("refuses exactly what secure-json-parse's scan refuses, on random JSON with __proto__ and constructor keys", () => {
    const key = fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "type"), fc.string({ maxLength: 3 }));
    const json = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: "small" }, fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(key, tie("value"), { maxKeys: 3 })),
    })).value;
    fc.assert(
      // A frame is an object (parseClientMessage checks that before scanning).
      fc.property(fc.dictionary(key, json, { maxKeys: 4 }), (value) => {
        // Through JSON text, as frames arrive: JSON.parse makes "__proto__" an own key.
        const parsed: unknown = JSON.parse(JSON.stringify(value));
        let refused = false;
        try {
          secureJson.scan(parsed as object, { protoAction: "error", constructorAction: "error" });
        } catch {
          refused = true;
        }
        expect(poisoned(parsed)).toBe(refused);
      }),
      { numRuns: 2000 },
    );
  });
});
