import { describe, expect, it } from "vitest";
import { LIMITS, parseClientMessage, parseServerMessage } from "../src/index.js";

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
    const parsed = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "reroll", indexes: [7] } }));
    expect(parsed).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    if (!parsed.ok) expect(parsed.message).toContain("command.indexes[0]");
    const extra = parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "roll", by: "someone-else" } }));
    expect(extra).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
  });

  it("a refused object carries its well-formed rid, or id and gameId, so the sender can match it (ref)", () => {
    const badRequest = parseClientMessage(JSON.stringify({ type: "joinTable", rid: "r7", code: "abc" }));
    expect(badRequest).toMatchObject({ ok: false, code: "INVALID_MESSAGE", ref: { rid: "r7" } });
    const badCommand = parseClientMessage(JSON.stringify({ type: "command", id: "c9", gameId: "g1", command: { type: "reroll", indexes: [7] } }));
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

  it("refuses a frame over 16 KiB with FRAME_TOO_LARGE before parsing it", () => {
    const big = JSON.stringify({ type: "ping", rid: "x".repeat(LIMITS.maxFrameBytes) });
    expect(parseClientMessage(big)).toMatchObject({ ok: false, code: "FRAME_TOO_LARGE" });
    expect(parseClientMessage(Buffer.from(big))).toMatchObject({ ok: false, code: "FRAME_TOO_LARGE" });
  });
});

describe("parseServerMessage", () => {
  it("accepts an error with a stable code and refuses an unknown code", () => {
    expect(parseServerMessage(JSON.stringify({ type: "error", code: "NOT_YOUR_TURN", message: "wait" }))).toMatchObject({ ok: true });
    expect(parseServerMessage(JSON.stringify({ type: "error", code: "WHATEVER", message: "?" }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
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
