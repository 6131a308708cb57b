/**
 * TickCork (gateway/tick-cork.ts): a socket's frames sent within one tick, promise continuations of
 * that tick included (a command's event, the presence after it, then its ack once the room's answer
 * resolves), are held back and leave in one write; the next tick's frames in another.
 */
import { describe, expect, it } from "vitest";
import { TickCork } from "../src/gateway/tick-cork.js";

/** A stream that records its cork depth and the batches it would write at each full uncork. */
function fakeStream() {
  let depth = 0;
  const buffered: string[] = [];
  const batches: string[][] = [];
  return {
    batches,
    cork: () => void depth++,
    uncork: () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && buffered.length > 0) batches.push(buffered.splice(0));
    },
    /** As ws's sendFrame: its own cork around the frame's two writes. */
    frame(text: string) {
      depth++;
      buffered.push(text);
      depth--;
      if (depth === 0) batches.push(buffered.splice(0));
    },
  };
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("TickCork", () => {
  it("holds the frames of one tick, promise continuations included, and writes them at once when it ends", async () => {
    const stream = fakeStream();
    const cork = new TickCork(stream);
    const send = (text: string) => {
      cork.hold();
      stream.frame(text);
    };
    const answer = Promise.resolve().then(() => Promise.resolve({ ok: true, seq: 1 }));
    send("event");
    send("presence");
    const acked = answer.then(() => send("ack"));
    expect(stream.batches).toEqual([]);
    await acked;
    await nextTick();
    expect(stream.batches).toEqual([["event", "presence", "ack"]]);
    send("event 2");
    await nextTick();
    expect(stream.batches).toEqual([["event", "presence", "ack"], ["event 2"]]);
  });

  it("without a cork, each frame is its own write (the stream's behaviour it changes)", () => {
    const stream = fakeStream();
    stream.frame("event");
    stream.frame("ack");
    expect(stream.batches).toEqual([["event"], ["ack"]]);
  });
});
