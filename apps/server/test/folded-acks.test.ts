/**
 * A socket's folded acks (gateway/folded-acks.ts, hello feature `ackInEvent`): an event carries the ack
 * only on the socket that sent that command and waits for it, for this socket's player's own command
 * (ids are per player), once; the answer then sends no ack, and any other answer still does.
 */
import type { ServerMessage, WireServerMessage } from "@bang/protocol";
import { describe, expect, it } from "vitest";
import { frameOf } from "../src/games/frames.js";
import { FoldedAcks } from "../src/gateway/folded-acks.js";

const view = { viewer: { kind: "player" as const, id: "p1" }, stateId: 1, waitingFor: ["p2"] };
/** The event of entry `seq` of game `gameId` by `by`, as a frame. */
const event = (seq: number, by = "p1", gameId = "g1") => frameOf({ type: "event", gameId, game: "dice", seq, by, command: { type: "roll", by }, events: [], view } as ServerMessage);
/** The command the events above carry, as the socket sent it (no `by`: the room adds it). */
const ROLL = { type: "roll" };
const ackOf = (frame: { message: WireServerMessage }) => (frame.message.type === "event" ? frame.message.ack : undefined);

describe("folded acks", () => {
  it("folds the ack into the event of a command this socket sent, then its answer sends no ack", () => {
    const acks = new FoldedAcks("p1");
    const key = acks.sent("g1", "c1", ROLL);
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
    acks.sent("g1", "c1", ROLL);
    expect(ackOf(acks.frameFor(event(1), "c2"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1, "p2"), "c1"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1, "p1", "g2"), "c1"))).toBeUndefined();
    expect(ackOf(acks.frameFor(event(1), "~bot:g1:1"))).toBeUndefined();
    const presence = frameOf({ type: "presence", gameId: "g1", away: [], replaced: [], connected: [], timers: [], turnMs: 1 });
    expect(acks.frameFor(presence, "c1")).toBe(presence);
    // Still waiting: its own event folds.
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBe("c1");
  });

  it("another socket of the same player sent another command under the same id: that command's event is not this socket's answer", () => {
    // Both sockets of p1 send id c1 at once, this one `stop`, the other `roll`; the roll is stored.
    const acks = new FoldedAcks("p1");
    const key = acks.sent("g1", "c1", { type: "stop" });
    const plain = event(1);
    expect(acks.frameFor(plain, "c1")).toBe(plain);
    // This socket's own answer (COMMAND_ID_REUSED) is then sent on its own.
    expect(acks.answered(key)).toBe(false);
    // The same command in another key order is the same command.
    const same = new FoldedAcks("p1");
    same.sent("g1", "c2", { dice: [1, 2], type: "reroll" });
    const reroll = frameOf({ type: "event", gameId: "g1", game: "dice", seq: 2, by: "p1", command: { type: "reroll", by: "p1", dice: [1, 2] }, events: [], view } as ServerMessage);
    expect(ackOf(same.frameFor(reroll, "c2"))).toBe("c2");
  });

  it("an answer with no event before it (a refusal, a repeat, a forwarded answer that came first) sends its own answer; the event after it comes plain", () => {
    const acks = new FoldedAcks("p1");
    const key = acks.sent("g1", "c1", ROLL);
    expect(acks.answered(key)).toBe(false);
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBeUndefined();
  });

  it("one frame sent twice: one event folds, which stands for one answer; the other answer is an ack", () => {
    const acks = new FoldedAcks("p1");
    const first = acks.sent("g1", "c1", ROLL);
    const second = acks.sent("g1", "c1", ROLL);
    expect(first).toBe(second);
    expect(ackOf(acks.frameFor(event(1), "c1"))).toBe("c1");
    expect(acks.answered(first)).toBe(true);
    expect(acks.answered(second)).toBe(false);
    // Both answered: the id is forgotten; sent again later, it waits afresh.
    const again = acks.sent("g1", "c1", ROLL);
    expect(acks.answered(again)).toBe(false);
  });
});
