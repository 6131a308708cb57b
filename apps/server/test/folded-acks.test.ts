/**
 * A socket's folded acks (gateway/folded-acks.ts, hello feature `ackInEvent`): an event carries the ack
 * only on the socket that sent that command and waits for it, for this socket's player's own command
 * (ids are per player), once; the answer then sends no ack, and any other answer still does.
 */
import type { ServerMessage } from "@bang/protocol";
import { describe, expect, it } from "vitest";
import { frameOf } from "../src/games/frames.js";
import { FoldedAcks } from "../src/gateway/folded-acks.js";

const view = { viewer: { kind: "player" as const, id: "p1" }, stateId: 1, waitingFor: ["p2"] };
/** The event of entry `seq` of game `gameId` by `by`, as a frame. */
const event = (seq: number, by = "p1", gameId = "g1") => frameOf({ type: "event", gameId, game: "dice", seq, by, command: { type: "roll", by }, events: [], view } as ServerMessage);
const ackOf = (frame: { message: ServerMessage }) => (frame.message.type === "event" ? frame.message.ack : undefined);

describe("folded acks", () => {
  it("folds the ack into the event of a command this socket sent, then its answer sends no ack", () => {
    const acks = new FoldedAcks("p1");
    const key = acks.sent("g1", "c1");
    const plain = event(1);
    const folded = acks.frameFor(plain, "c1");
    expect(ackOf(folded)).toBe("c1");
    expect(folded.text).toBe(JSON.stringify({ ...plain.message, ack: "c1" }));
    expect(acks.answered(key)).toBe(true);
    // Answered: a later event with that id (none should come) is not folded again.
    expect(acks.frameFor(event(2), "c1")).toEqual(event(2));
  });

  it("leaves plain: a command it did not send, another player's same id, another game's, a server id, and anything but an event", () => {
    const acks = new FoldedAcks("p1");
    acks.sent("g1", "c1");
    expect(ackOf(acks.frameFor(event(1), "c2"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1, "p2"), "c1"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1, "p1", "g2"), "c1"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1), "~bot:g1:1"))).toBeUndefined();
    const presence = frameOf({ type: "presence", gameId: "g1", away: [], replaced: [], connected: [], timers: [], turnMs: 1 });
    expect(acks.frameFor(presence, "c1")).toBe(presence);
    // Still waiting: its own event folds.
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBe("c1");
  });

  it("an answer with no event before it (a refusal, a repeat, a forwarded answer that came first) sends its own answer; the event after it comes plain", () => {
    const acks = new FoldedAcks("p1");
    const key = acks.sent("g1", "c1");
    expect(acks.answered(key)).toBe(false);
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBeUndefined();
  });

  it("one frame sent twice: one event folds, which stands for one answer; the other answer is an ack", () => {
    const acks = new FoldedAcks("p1");
    const first = acks.sent("g1", "c1");
    const second = acks.sent("g1", "c1");
    expect(first).toBe(second);
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBe("c1");
    expect(acks.answered(first)).toBe(true);
    expect(acks.answered(second)).toBe(false);
    // Both answered: the id is forgotten; sent again later, it waits afresh.
    const again = acks.sent("g1", "c1");
    expect(acks.answered(again)).toBe(false);
  });
});
