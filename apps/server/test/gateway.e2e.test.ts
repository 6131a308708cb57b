/**
 * The WebSocket gateway's own limits, on the real server with short timings: a socket that sends no
 * valid hello within HELLO_TIMEOUT_MS is closed (4008); every WS_PING_MS each socket is pinged and
 * one that did not answer the previous ping is cut, so that a seated player's half-open socket ends
 * and the bot plays the seat after the grace; a frame dropped by the rate limiter is answered
 * RATE_LIMITED with the frame's rid (or command id and gameId), and the SDK fails that request at once.
 */
import { ClientError } from "@bang/client";
import type { WireServerMessage } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import type { PlayerView } from "@bang/game-dice";
import { closeAll, connectPlayer, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

const HELLO_TIMEOUT_MS = 1_000;
const WS_PING_MS = 400;

type Closed = { code: number; reason: string };
/** The socket's close, or null if it is still open after `ms`. */
const closedWithin = (s: RawSocket, ms: number): Promise<Closed | null> => Promise.race([s.closed, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isError = (m: WireServerMessage): m is Extract<WireServerMessage, { type: "error" }> => m.type === "error";

describe("WebSocket gateway: hello deadline, heartbeat, rate limit", () => {
  const server = useServer({ backend: "pglite", disconnectGraceMs: 300, env: { HELLO_TIMEOUT_MS: String(HELLO_TIMEOUT_MS), WS_PING_MS: String(WS_PING_MS) } });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });
  const open = async (...args: Parameters<typeof RawSocket.open>) => {
    const s = await RawSocket.open(...args);
    sockets.push(s);
    return s;
  };
  const signedIn = async (...args: Parameters<typeof RawSocket.signedIn>) => {
    const s = await RawSocket.signedIn(...args);
    sockets.push(s);
    return s;
  };

  it("a socket that sends no valid hello in time is told UNAUTHENTICATED and closed with 4008", async () => {
    const { url } = server();
    const silent = await open(url);
    const started = performance.now();
    // One that talks, but never with a valid hello: no token, then a request before hello.
    const chatty = await open(url);
    expect(await chatty.error({ type: "hello" })).toMatchObject({ code: "INVALID_MESSAGE" });
    expect(await chatty.error({ type: "ping", rid: "early" })).toMatchObject({ code: "UNAUTHENTICATED", rid: "early" });
    for (const s of [silent, chatty]) {
      const closed = await closedWithin(s, 5_000);
      expect(closed, "still open 5 s after connecting").not.toBeNull();
      expect(closed!.code).toBe(4008);
      expect(closed!.reason).toMatch(/hello/);
      const told = s.received.filter(isError).at(-1);
      expect(told).toMatchObject({ code: "UNAUTHENTICATED" });
      expect(told!.message).toMatch(new RegExp(`hello within ${HELLO_TIMEOUT_MS} ms`));
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(HELLO_TIMEOUT_MS - 50);
  });

  it("a socket that said hello stays open past the deadline; it is pinged and, answering, stays open", async () => {
    const { url } = server();
    const p = await connectPlayer(url, "wynn");
    players.push(p);
    const s = await signedIn(url, p.guest.token);
    expect(await closedWithin(s, HELLO_TIMEOUT_MS + 5 * WS_PING_MS)).toBeNull();
    expect(s.pings).toBeGreaterThanOrEqual(3);
    expect(await s.ping()).toMatchObject({ type: "pong" });
  });

  it("a socket that does not answer pings is cut within two ping periods", async () => {
    const { url } = server();
    const p = await connectPlayer(url, "quiet");
    players.push(p);
    const s = await signedIn(url, p.guest.token, { autoPong: false });
    const closed = await closedWithin(s, 3 * WS_PING_MS + 2_000);
    expect(closed, "a socket that never answered a ping is still open").not.toBeNull();
    // Cut (terminate), not a close handshake: a half-open peer would never answer one.
    expect(closed!.code).toBe(1006);
    expect(s.pings).toBeGreaterThanOrEqual(1);
  });

  it("a seated player's socket that stops answering pings is cut, and the bot plays their seat after the grace", async () => {
    const { url } = server();
    const stay = await connectPlayer(url, "stay");
    const gone = await connectPlayer(url, "gone");
    players.push(stay, gone);
    const { gameId } = await startTable([stay, gone], { seats: 4, fillBots: true, turnSeconds: 600 });
    // `gone`'s seat is held by a socket that never answers pings (as a half-open one): the SDK client
    // leaves, the raw socket is then the seat's only connection.
    const halfOpen = await signedIn(url, gone.guest.token, { autoPong: false });
    await halfOpen.next((m) => m.type === "snapshot" && m.gameId === gameId, { from: 0 });
    await gone.client.close();
    // The turn timer is 10 minutes and `gone` sends nothing: the game ends in time only if the server
    // cuts the silent socket and the bot covers the seat.
    const final = await playSeat<PlayerView>(stay, gameId, { timeoutMs: 90_000 }).done;
    expect(final.phase).toBe("gameOver");
    expect((await closedWithin(halfOpen, 0))?.code).toBe(1006);
    const { entries } = await replayOf(url, gameId, stay.guest.token);
    const goneTurns = entries.filter((e) => e.by === gone.id && e.command.type === "roll").length;
    if (goneTurns === 0) expect(final.players.find((q) => q.id === gone.id)!.alive).toBe(false);
  }, 120_000);

  it("a request dropped by the rate limiter is answered RATE_LIMITED with its rid, a command with its id and gameId", async () => {
    const { url } = server();
    const p = await connectPlayer(url, "rapid");
    players.push(p);
    const s = await signedIn(url, p.guest.token);
    const rids = Array.from({ length: 120 }, (_, i) => `flood${i}`);
    for (const rid of rids) s.send({ type: "ping", rid });
    await s.next((m) => (m.type === "pong" || m.type === "error") && m.rid === rids.at(-1));
    const answers = s.received.filter((m) => m.type === "pong" || m.type === "error");
    const limited = answers.filter(isError);
    // The burst (80) passes, the rest is refused; every frame gets exactly one answer, by its rid.
    expect(limited.length).toBeGreaterThan(0);
    for (const e of limited) expect(e).toMatchObject({ code: "RATE_LIMITED", rid: expect.stringMatching(/^flood/) });
    expect(answers.map((m) => (m as { rid?: string }).rid).sort()).toEqual([...rids].sort());

    const c = await signedIn(url, p.guest.token);
    const ids = Array.from({ length: 120 }, (_, i) => `cmd${i}`);
    for (const id of ids) c.send({ type: "command", id, gameId: "no-such-game", command: { type: "roll" } });
    // Refusals for rate come at once, GAME_NOT_FOUND once the store was asked: wait for all.
    await c.next(() => c.received.filter(isError).length >= ids.length, { from: 0 });
    const refused = c.received.filter(isError);
    expect(refused.map((e) => e.id).sort()).toEqual([...ids].sort());
    const rated = refused.filter((e) => e.code === "RATE_LIMITED");
    expect(rated.length).toBeGreaterThan(0);
    for (const e of rated) expect(e).toMatchObject({ id: expect.stringMatching(/^cmd/), gameId: "no-such-game" });
    for (const e of refused.filter((x) => x.code !== "RATE_LIMITED")) expect(e.code).toBe("GAME_NOT_FOUND");
  });

  it("the SDK fails a request refused RATE_LIMITED at once, with that code, and reports no connection-wide error", async () => {
    const { url } = server();
    const p = await connectPlayer(url, "eager", { client: { requestTimeoutMs: 15_000 } });
    players.push(p);
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 120 }, () => p.client.queueStatus()));
    const elapsed = performance.now() - started;
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);
    expect(rejected.length).toBeGreaterThan(0);
    for (const reason of rejected) expect(reason).toBeInstanceOf(ClientError);
    expect(rejected.map((r) => (r as ClientError).code)).toEqual(rejected.map(() => "RATE_LIMITED"));
    // At once: not after the request timeout.
    expect(elapsed).toBeLessThan(5_000);
    expect(p.errors).toEqual([]);
    // The socket is still fine once the bucket refilled.
    await sleep(500);
    await expect(p.client.queueStatus()).resolves.toBeDefined();
  });
});
