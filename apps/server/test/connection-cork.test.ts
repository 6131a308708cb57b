/**
 * Connection.send corks the TCP socket under the WebSocket for the rest of the tick, so that the
 * frames sent to one socket together (a command's event, then its ack) leave in one write.
 */
import { describe, expect, it } from "vitest";
import { Connection, type ConnectionContext } from "../src/gateway/connection.js";

/** A WebSocket stand-in: records each frame with whether its TCP socket was corked when it was sent. */
function fakeSocket() {
  const tcp = { depth: 0, corks: 0, uncorks: 0, cork() { this.depth++; this.corks++; }, uncork() { this.depth--; this.uncorks++; } };
  const frames: { data: string; corked: boolean }[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    _socket: tcp,
    on() {},
    send(data: string) { frames.push({ data, corked: tcp.depth > 0 }); },
  };
  return { ws, tcp, frames };
}

const ctx = { sockets: { inc() {}, dec() {} } } as unknown as ConnectionContext;
const nextTick = () => new Promise<void>((r) => process.nextTick(r));

describe("Connection.send", () => {
  it("sends the frames of one tick, promise jobs included, under one cork, and uncorks after", async () => {
    const { ws, tcp, frames } = fakeSocket();
    const c = new Connection(ws as never, ctx);
    c.send({ type: "pong", rid: "1" });
    await Promise.resolve(); // a promise job of the same tick, as the ack after a stored command
    c.send({ type: "pong", rid: "2" });
    expect(tcp).toMatchObject({ corks: 1, uncorks: 0, depth: 1 });
    await nextTick();
    expect(tcp).toMatchObject({ corks: 1, uncorks: 1, depth: 0 });
    expect(frames.map((f) => [JSON.parse(f.data).rid, f.corked])).toEqual([["1", true], ["2", true]]);
    // A later tick corks again.
    c.send({ type: "pong", rid: "3" });
    await nextTick();
    expect(tcp).toMatchObject({ corks: 2, uncorks: 2, depth: 0 });
  });

  it("sends nothing, and corks nothing, once the socket is no longer open", async () => {
    const { ws, tcp, frames } = fakeSocket();
    const c = new Connection(ws as never, ctx);
    ws.readyState = 3; // CLOSED
    c.send({ type: "pong", rid: "1" });
    await nextTick();
    expect(frames).toEqual([]);
    expect(tcp.corks).toBe(0);
  });
});
