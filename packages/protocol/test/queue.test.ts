import { describe, expect, it } from "vitest";
import { parseClientMessage, parseServerMessage } from "../src/index.js";

describe("queue messages", () => {
  it("accepts the four queue requests", () => {
    for (const m of [
      { type: "queueJoin", rid: "r1", queueId: "dice-4-8" },
      { type: "queueJoin", rid: "r1", queueId: "dice_duel-2" },
      { type: "queueLeave", rid: "r2" },
      { type: "queueStatus", rid: "r3" },
      { type: "matchConfirm", rid: "r4", matchId: "m1", accept: false },
    ]) {
      expect(parseClientMessage(JSON.stringify(m))).toEqual({ ok: true, message: m });
    }
  });

  it("refuses a malformed queue id, a missing accept and extra fields, naming the field", () => {
    const bad = parseClientMessage(JSON.stringify({ type: "queueJoin", rid: "r1", queueId: "Dice 5" }));
    expect(bad).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    if (!bad.ok) expect(bad.message).toMatch(/^queueId: /);
    const missing = parseClientMessage(JSON.stringify({ type: "matchConfirm", rid: "r1", matchId: "m" }));
    expect(missing.ok === false && missing.message).toMatch(/^accept: /);
    expect(parseClientMessage(JSON.stringify({ type: "queueLeave", rid: "r1", queueId: "x" }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
  });

  it("checks the server's queue pushes: every status state, a found match", () => {
    for (const status of [
      { state: "idle" },
      { state: "idle", reason: "maxWait", message: "no table found" },
      { state: "queued", queueId: "q", joinedAt: 1, ratingWindow: 3 },
      { state: "matched", queueId: "q", matchId: "m", deadline: 2 },
      { state: "playing", queueId: "q", gameId: "g" },
    ]) {
      expect(parseServerMessage(JSON.stringify({ type: "queue", status }))).toMatchObject({ ok: true });
    }
    expect(parseServerMessage(JSON.stringify({ type: "queue", status: { state: "idle", reason: "bored" } }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    expect(parseServerMessage(JSON.stringify({ type: "matchFound", matchId: "m", queueId: "q", players: [{ id: "a", name: "A" }], bots: 3, deadline: 5 }))).toMatchObject({ ok: true });
    expect(parseServerMessage(JSON.stringify({ type: "matchFound", matchId: "m", queueId: "q", players: [], bots: 3, deadline: 5 }))).toMatchObject({ ok: false });
  });
});
