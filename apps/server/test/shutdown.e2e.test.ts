/**
 * Graceful shutdown on SIGTERM while clients play: /readyz stops answering 200 (503 while it drains,
 * when the drain lasts long enough to see it), every client's socket is closed with 1001 and a
 * reason, the process exits 0; restarted on the same data and port, the server restores the running
 * game with every acknowledged command, the clients come back by themselves and the game ends.
 * With SHUTDOWN_DELAY_MS, /readyz answers 503 at once while the node still serves for that long.
 */
import type { PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, playSeat, replayOf, startTable, type Player, type TappedSocket } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

describe("graceful shutdown (SIGTERM) on PGlite", () => {
  const server = useServer({ backend: "pglite", disconnectGraceMs: 60_000 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("drains, closes sockets with 1001, exits 0, and a restart restores the game with every acked command", async () => {
    const srv = server();
    for (const name of ["nora", "otto", "pia"]) players.push(await connectPlayer(srv.url, name));
    const { gameId, code } = await startTable(players, { seats: 5, fillBots: true });
    const seats = players.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 30 + i, thinkMs: 20, timeoutMs: 150_000 }));
    const acks = () => seats.flatMap((s) => s.acks);
    const deadline = Date.now() + 30_000;
    while (acks().length < 6) {
      if (Date.now() > deadline) throw new Error(`only ${acks().length} acks after 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }

    // Poll readiness while the node stops.
    const readiness: (number | null)[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        try {
          const res = await fetch(`${srv.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
          await res.arrayBuffer();
          readiness.push(res.status);
        } catch {
          readiness.push(null);
        }
      }
    })();
    const socketsAtStop: TappedSocket[] = players.map((p) => p.sockets.at(-1)!);
    const exit = await srv.stop();
    polling = false;
    await poller;
    const ackedBeforeStop = [...acks()];

    expect(exit).toEqual({ code: 0, signal: null });
    // Once the node stopped being ready, it never was again; and it stopped being ready.
    const firstNotReady = readiness.findIndex((s) => s !== 200);
    expect(firstNotReady, JSON.stringify(readiness)).toBeGreaterThanOrEqual(0);
    expect(readiness.slice(firstNotReady).every((s) => s === 503 || s === null), JSON.stringify(readiness)).toBe(true);
    // Every client's socket was closed by the server with 1001 "going away" and a reason.
    for (const [i, tap] of socketsAtStop.entries()) {
      expect(tap.closed, players[i]!.guest.player.name).not.toBeNull();
      expect(tap.closed!.code).toBe(1001);
      expect(tap.closed!.reason).toMatch(/shutting down/);
    }
    expect(srv.output()).not.toMatch(/"level":(50|60)/);

    await srv.restart();
    // The restored game holds every command acknowledged before the stop.
    const replay = await replayOf(srv.url, gameId, players[0]!.guest.token);
    expect(replay.status).toBe("running");
    for (const a of ackedBeforeStop) expect(replay.entries[a.seq - 1]).toMatchObject({ seq: a.seq, by: a.by, command: a.command });

    // The clients come back by themselves and the game ends.
    const finals = await Promise.all(seats.map((s) => s.done));
    const n = players[0]!.client.lastSeq(gameId)!;
    const final = await replayOf(srv.url, gameId, players[0]!.guest.token);
    expect(final.status).toBe("finished");
    expect(final.entries.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(final.view).toEqual(finals[0]);
    for (const [i, p] of players.entries()) {
      expect(finals[i]!.winner).toEqual(finals[0]!.winner);
      expect(p.sockets.length).toBeGreaterThanOrEqual(2);
      expect(seats[i]!.refusals).toEqual([]);
      // Each player's entries are its acknowledged commands, each once.
      expect(final.entries.filter((e) => e.by === p.id).map((e) => e.seq)).toEqual(seats[i]!.acks.map((a) => a.seq));
    }
    for (const e of final.entries) expect([...players.map((p) => p.id), `bot-${code}-3`, `bot-${code}-4`]).toContain(e.by);
    console.info(`shutdown: ${ackedBeforeStop.length} acks before SIGTERM; readiness while stopping: ${JSON.stringify(readiness.slice(Math.max(0, firstNotReady - 2), firstNotReady + 5))}`);
  }, 180_000);
});

describe("SIGTERM with SHUTDOWN_DELAY_MS: not ready first, serving all the while, then the drain", () => {
  const DELAY_MS = 1_500;
  const server = useServer({ backend: "pglite", env: { SHUTDOWN_DELAY_MS: String(DELAY_MS) } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("/readyz answers 503 draining at once; sockets and the HTTP API work through the delay; then 1001 and exit 0", async () => {
    const srv = server();
    const p = await connectPlayer(srv.url, "rhea");
    players.push(p);
    const s = await RawSocket.signedIn(srv.url, p.guest.token);
    const readyz = async () => {
      try {
        const res = await fetch(`${srv.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
        return { status: res.status, body: (await res.json()) as unknown };
      } catch {
        return { status: null, body: null };
      }
    };
    expect(await readyz()).toMatchObject({ status: 200 });
    const stopped = srv.stop();
    const sent = performance.now();
    let first: { status: number | null; body: unknown } = { status: 200, body: null };
    while (first.status === 200 && performance.now() - sent < DELAY_MS) first = await readyz();
    const notReadyAt = performance.now();
    expect(first).toEqual({ status: 503, body: { status: "draining" } });
    // Still serving: the socket answers, a new guest and a new socket are taken.
    expect(await s.ping()).toMatchObject({ type: "pong" });
    expect(await http(`${srv.url}/api/guests`, { method: "POST", body: JSON.stringify({ name: "late" }) })).toMatchObject({ status: 201 });
    const late = await RawSocket.signedIn(srv.url, p.guest.token);
    expect(await late.ping()).toMatchObject({ type: "pong" });
    expect((await readyz()).status).toBe(503);
    // Then the drain: the sockets are closed with 1001 after the delay, and the process exits 0.
    for (const socket of [s, late]) {
      const closed = await socket.closed;
      expect(closed.code).toBe(1001);
      expect(closed.reason).toMatch(/shutting down \(SIGTERM\)/);
    }
    expect(performance.now() - notReadyAt).toBeGreaterThanOrEqual(DELAY_MS - 500);
    expect(await stopped).toEqual({ code: 0, signal: null });
    expect((await readyz()).status).toBeNull();
    expect(srv.output()).not.toMatch(/"level":(50|60)/);
  });
});
