import type { QueueStatus } from "@bang/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { BangClient, type WebSocketLike } from "../src/index.js";
import { FakeServer } from "./fakeServer.js";

let server: FakeServer;
let client: BangClient | null = null;

beforeEach(async () => {
  server = await FakeServer.start();
});
afterEach(async () => {
  await client?.close();
  await server.close();
});

/**
 * A WebSocket that holds an `ok` carrying a "matched" queue status until the next frame arrives, then hands both
 * to the SDK in one synchronous run, as ws does with two frames read in one chunk.
 */
class Batching implements WebSocketLike {
  private readonly socket: WebSocket;
  private held: unknown = null;
  private handler: ((event: { data: unknown }) => void) | null = null;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.onmessage = (event) => {
      const handler = this.handler;
      if (!handler) return;
      const text = String(event.data);
      if (this.held === null && text.includes('"type":"ok"') && text.includes('"state":"matched"')) {
        this.held = event.data;
        return;
      }
      if (this.held !== null) {
        const first = this.held;
        this.held = null;
        handler({ data: first });
      }
      handler({ data: event.data });
    };
  }

  get readyState(): number {
    return this.socket.readyState;
  }
  send(data: string): void {
    this.socket.send(data);
  }
  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }
  set onopen(h: ((event: unknown) => void) | null) {
    this.socket.onopen = h;
  }
  get onopen() {
    return this.socket.onopen as ((event: unknown) => void) | null;
  }
  set onmessage(h: ((event: { data: unknown }) => void) | null) {
    this.handler = h;
  }
  get onmessage() {
    return this.handler;
  }
  set onclose(h: ((event: { code: number; reason: string }) => void) | null) {
    this.socket.onclose = h;
  }
  get onclose() {
    return this.socket.onclose as ((event: { code: number; reason: string }) => void) | null;
  }
  set onerror(h: ((event: unknown) => void) | null) {
    this.socket.onerror = h;
  }
  get onerror() {
    return this.socket.onerror as ((event: unknown) => void) | null;
  }
}

describe("queue status in the SDK", () => {
  it("a push right behind a request's answer wins: the answer is applied in frame order, not when the caller resumes", async () => {
    client = new BangClient({ url: server.url, token: "token-p1", heartbeatMs: 0, WebSocket: Batching });
    await client.connect();
    const seen: QueueStatus[] = [];
    client.on("queue", (s) => seen.push(s));
    expect(await client.joinQueue("q")).toMatchObject({ state: "queued" });
    expect(await client.confirmMatch("m1")).toMatchObject({ state: "matched" });
    expect(client.queue).toEqual({ state: "playing", queueId: "q", gameId: "g1" });
    expect(seen.map((s) => s.state)).toEqual(["queued", "matched", "playing"]);
  });
});
