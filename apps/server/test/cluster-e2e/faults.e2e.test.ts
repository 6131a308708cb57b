/**
 * Cluster faults that need a cluster of their own: a paused owner's late write refused by the fencing
 * token in the database (DESIGN invariant 2), and a Redis restart during play (a PRIVATE redis-server:
 * the shared one is never touched).
 */
import { dice, type PlayerView } from "@bang/game-dice";
import { createServer, connect, type Socket } from "node:net";
import { newCommandId } from "@bang/client";
import { afterAll, describe, expect, it } from "vitest";
import { startPrivateRedis, type PrivateRedis } from "../cluster/support.js";
import { chooseFor, closeAll, http, playSeat, startTable, type Player } from "../support/players.js";
import { RawSocket } from "../support/raw.js";
import { METRICS_TOKEN } from "../support/server.js";
import { clusterPlayer, LEASE_TTL_MS, startTestCluster, storedLog, type TestCluster } from "./support.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("a paused owner's late write", () => {
  let cluster: TestCluster | null = null;
  const players: Player[] = [];
  afterAll(async () => {
    await closeAll(players);
    await cluster?.dispose();
  }, 60_000);

  it("DESIGN 2: an entry queued by the owner before SIGSTOP is refused (FENCED) after SIGCONT; the command is stored once, by the new owner", async () => {
    // n1 batches its log writes for 1 s, so an accepted command waits in its writer when it is paused.
    cluster = await startTestCluster(2, { perNodeEnv: [{ LOG_BATCH_DELAY_MS: "1000" }, {}] });
    const c = cluster;
    const host = await clusterPlayer(c, 0, "host");
    const others = [await clusterPlayer(c, 1, "o1"), await clusterPlayer(c, 1, "o2")];
    players.push(host, ...others);
    const { gameId } = await startTable([host, ...others], { seats: 3, turnSeconds: 600 });
    expect(await c.ownerOf(gameId)).toBe(0);
    // Play until one of the players on n2 is to act, then send that command (routed to n1).
    const bots = new Map([host, ...others].map((p, i) => [p.id, dice.bots.heuristic(70 + i)]));
    let actor: Player | undefined;
    for (let guard = 0; guard < 200; guard++) {
      const view = host.client.view(gameId) as PlayerView; // a classic game
      actor = others.find((p) => p.id === view.waitingFor[0]);
      if (actor) break;
      const { seq } = await host.client.send(gameId, chooseFor(bots.get(host.id)!, view, host.id));
      // The view after this move (it may still be the host's turn: then it moves again).
      await host.client.waitFor((_v, id, at) => id === gameId && at >= seq, 10_000);
    }
    expect(actor).toBeDefined();
    // The actor's own client has the same view before it chooses from it.
    const at = (await storedLog(c, gameId)).lastSeq;
    await actor!.client.waitFor((_v, id, s) => id === gameId && s >= at, 10_000);
    const before = await storedLog(c, gameId);
    const view = actor!.client.view(gameId) as PlayerView;
    const command = chooseFor(bots.get(actor!.id)!, view, actor!.id);
    const id = newCommandId();
    const answer = actor!.client.send(gameId, command, { id });
    // n1 accepted it and holds its entry in the writer (the 1 s batch delay): pause it then, not before.
    const pendingOnN1 = async () => Number(/^bang_log_pending_entries (\d+)$/m.exec(await (await fetch(`${c.nodes[0]!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text())?.[1] ?? NaN);
    await expect.poll(pendingOnN1, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(1);
    const pid = c.nodes[0]!.pid!;
    c.setPaused(0, true);
    process.kill(pid, "SIGSTOP");
    try {
      // n2 takes the game over (its lease expired), and stores the command itself: the client's answer.
      const acked = await answer;
      expect(await c.ownerOf(gameId)).toBe(1);
      const taken = await storedLog(c, gameId);
      expect(taken.fencingToken).toBeGreaterThan(before.fencingToken);
      expect(taken.entries.filter((e) => e.clientCommandId === id)).toEqual([{ seq: acked.seq, clientCommandId: id, playerId: actor!.id }]);
      expect(acked.seq).toBe(before.lastSeq + 1);
    } finally {
      process.kill(pid, "SIGCONT");
      c.setPaused(0, false);
    }
    // The woken n1 flushes its queued entry with its old token: the database refuses it.
    await expect.poll(() => c.nodes[0]!.output(), { timeout: 10_000 }).toMatch(/FENCED/);
    const after = await storedLog(c, gameId);
    expect(after.entries.map((e) => e.seq)).toEqual(Array.from({ length: after.lastSeq }, (_, i) => i + 1));
    expect(after.entries.filter((e) => e.clientCommandId === id).length).toBe(1);
    // And the game goes on to its end on n2, every seat seeing the same final view.
    const finals = await Promise.all([host, ...others].map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 80 + i, timeoutMs: 60_000 }).done));
    for (const f of finals) {
      expect(f.phase).toBe("gameOver");
      expect(f.winner).toEqual(finals[0]!.winner);
    }
    const final = await storedLog(c, gameId);
    expect(final.entries.map((e) => e.seq)).toEqual(Array.from({ length: final.lastSeq }, (_, i) => i + 1));
    expect(new Set(final.entries.map((e) => e.clientCommandId)).size).toBe(final.entries.length);
  }, 120_000);
});

describe("a Redis restart during play", () => {
  let redis: PrivateRedis | null = null;
  let cluster: TestCluster | null = null;
  const players: Player[] = [];
  const raws: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(raws.map((r) => r.close()));
    await closeAll(players);
    await cluster?.dispose();
    await redis?.dispose();
  }, 60_000);

  it("commands are answered RETRY while no node can prove it owns the game; once Redis is back the games go on, nothing lost or doubled", async () => {
    redis = await startPrivateRedis();
    cluster = await startTestCluster(3, { redisUrl: redis.url });
    const c = cluster;
    const games: { gameId: string; players: Player[]; seats: ReturnType<typeof playSeat>[] }[] = [];
    for (let g = 0; g < 2; g++) {
      const ps: Player[] = [];
      for (let i = 0; i < 4; i++) ps.push(await clusterPlayer(c, (g + i) % 3, `r${g}${i}`));
      players.push(...ps);
      const { gameId } = await startTable(ps, { seats: 4, turnSeconds: 600 });
      games.push({ gameId, players: ps, seats: ps.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 90 + g * 10 + i, thinkMs: 20, timeoutMs: 150_000 })) });
    }
    const acks = () => games.map((g) => g.seats.reduce((n, s) => n + s.acks.length, 0));
    await expect.poll(() => Math.min(...acks()), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);

    await redis.kill();
    // Past the lease, no node holds a game: a command is retried for a while, then answered RETRY.
    await sleep(LEASE_TTL_MS + 500);
    const g0 = games[0]!;
    const frozen = await storedLog(c, g0.gameId);
    const idle = g0.players.find((p) => p.id !== g0.players[0]!.client.view(g0.gameId)!.waitingFor[0])!;
    const raw = await RawSocket.signedIn(c.nodes[0]!.url, idle.guest.token);
    raws.push(raw);
    const id = newCommandId();
    const from = raw.received.length;
    raw.send({ type: "command", id, gameId: g0.gameId, command: { type: "roll" } });
    const answer = await raw.next((m) => (m.type === "ack" || m.type === "error") && m.id === id, { from, timeoutMs: 15_000 });
    expect(answer).toMatchObject({ type: "error", code: "RETRY" });
    expect((await storedLog(c, g0.gameId)).lastSeq).toBe(frozen.lastSeq);
    // The queues live in Redis too: a stable, retryable refusal rather than a 500.
    expect(await http(`${c.nodes[1]!.url}/api/queues`)).toMatchObject({ status: 503, body: { code: "RETRY" } });

    await redis.start();
    const ackedWhileDown = acks();
    await expect.poll(() => acks().every((n, i) => n > ackedWhileDown[i]!), { timeout: 15_000 }).toBe(true);
    for (const g of games) {
      const finals = await Promise.all(g.seats.map((s) => s.done));
      const stored = await storedLog(c, g.gameId);
      const n = stored.lastSeq;
      expect(stored.entries.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const all = g.seats.flatMap((s) => s.acks);
      expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
      expect(all.map((a) => a.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const a of all) expect(stored.entries[a.seq - 1]).toMatchObject({ clientCommandId: a.id, playerId: a.by });
      for (const [i, p] of g.players.entries()) {
        expect(finals[i]!.waitingFor).toEqual([]);
        expect(p.client.lastSeq(g.gameId)).toBe(n);
      }
    }
    // The nodes registered again.
    const listed = (await (await fetch(`${c.nodes[2]!.url}/api/nodes`)).json()) as { nodeId: string }[];
    expect(listed.map((x) => x.nodeId)).toEqual(["n1", "n2", "n3"]);
  }, 180_000);
});

/**
 * A TCP proxy to Redis in the test process: the node whose REDIS_URL points here loses Redis when it
 * is cut (open connections destroyed, new ones closed at once) while the other nodes still reach it.
 */
async function redisProxy(target: string): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const redis = connect(Number(upstream.port || 6379), upstream.hostname);
    const end = () => {
      client.destroy();
      redis.destroy();
      sockets.delete(client);
      sockets.delete(redis);
    };
    for (const s of [client, redis]) {
      sockets.add(s);
      s.on("error", end);
      s.on("close", end);
    }
    client.pipe(redis);
    redis.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a node cut off from Redis while the others reach it", () => {
  let cluster: TestCluster | null = null;
  let proxy: Awaited<ReturnType<typeof redisProxy>> | null = null;
  const players: Player[] = [];
  afterAll(async () => {
    await closeAll(players);
    await cluster?.dispose();
    await proxy?.close();
  }, 60_000);

  it("reports 503 on /readyz after a lease, closes its players' sockets with a reason, and they finish the game on the other node", async () => {
    proxy = await redisProxy(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    cluster = await startTestCluster(2, { perNodeEnv: [{ REDIS_URL: proxy.url }, {}] });
    const c = cluster;
    // Every player's socket is on n1, the node about to be cut off.
    const seated = [await clusterPlayer(c, 0, "cut0"), await clusterPlayer(c, 0, "cut1"), await clusterPlayer(c, 0, "cut2"), await clusterPlayer(c, 0, "cut3")];
    players.push(...seated);
    const { gameId } = await startTable(seated, { seats: 4, turnSeconds: 600 });
    const seats = seated.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 90 + i, thinkMs: 15, timeoutMs: 120_000 }));
    await expect.poll(() => seats.reduce((n, s) => n + s.acks.length, 0), { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(6);
    const readyz = async (i: number) => {
      const res = await fetch(`${c.nodes[i]!.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string } };
    };
    expect(await readyz(0)).toEqual({ status: 200, body: { status: "ready" } });

    const cutAt = Date.now();
    proxy.cut();
    // Past a lease without Redis, n1 is not ready; n2, which reaches Redis, is.
    await expect.poll(() => readyz(0), { timeout: LEASE_TTL_MS + 5_000, interval: 50 }).toEqual({ status: 503, body: { status: "redis-unreachable" } });
    // Counted from the last heartbeat Redis took: one 300 ms heartbeat before the cut, or two when a beat
    // ran late on this loaded machine. Far above the first missed beat, which must not be taken for a loss.
    expect(Date.now() - cutAt).toBeGreaterThanOrEqual(LEASE_TTL_MS - 2 * 300 - 200);
    expect(await readyz(1)).toEqual({ status: 200, body: { status: "ready" } });
    // n1 closes its players' sockets with a reason; they reconnect (the balancer sends them on) to n2.
    for (const p of seated) {
      await expect.poll(() => p.sockets[0]!.closed, { timeout: 10_000, interval: 50 }).toMatchObject({ code: 1013, reason: expect.stringMatching(/Redis/) });
      await expect.poll(() => p.nodes.at(-1), { timeout: 10_000, interval: 50 }).toBe(1);
    }
    // The game goes on there to its end: every seq stored once, each ack at its seq.
    const finals = await Promise.all(seats.map((s) => s.done));
    for (const f of finals) expect(f.phase).toBe("gameOver");
    const stored = await storedLog(c, gameId);
    const acks = seats.flatMap((s) => s.acks);
    expect(stored.entries.map((e) => e.seq)).toEqual(Array.from({ length: stored.entries.length }, (_, i) => i + 1));
    expect(new Set(acks.map((a) => a.id)).size).toBe(acks.length);
    for (const a of acks) expect(stored.entries[a.seq - 1]).toMatchObject({ clientCommandId: a.id });
  }, 120_000);
});

