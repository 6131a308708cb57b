/**
 * One socket follows at most MAX_WATCHED_GAMES games without a seat in them: past that, the game it
 * asked for longest ago is let go (its events stop), so no socket can keep an unbounded number of
 * games in the node's memory. Asking again follows it again. Over raw sockets on the real server.
 */
import { dice, type PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_WATCHED_GAMES } from "../src/gateway/connection.js";
import { chooseFor, closeAll, connectPlayer, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

describe("games watched by one socket", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });

  it(`follows ${MAX_WATCHED_GAMES} at most: the oldest asked is let go, the newest still gets events; asking again follows it again`, async () => {
    const srv = server();
    // One host seated in every game with two bots; its games wait for it (10 min turns), so they run.
    const host = await connectPlayer(srv.url, "host");
    players.push(host);
    const games: string[] = [];
    // Paced under the socket's 40 messages per second (a table is 3 requests).
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i <= MAX_WATCHED_GAMES; i++) {
      games.push((await startTable([host], { seats: 3, fillBots: true, turnSeconds: 600 })).gameId);
      await pause(100);
    }
    const watcher = await connectPlayer(srv.url, "watcher");
    players.push(watcher);
    const w = await RawSocket.signedIn(srv.url, watcher.guest.token);
    sockets.push(w);
    const spectate = async (gameId: string) => {
      const rid = w.rid();
      const from = w.received.length;
      w.send({ type: "spectate", rid, gameId });
      await w.next((m) => m.type === "ok" && m.rid === rid, { from });
    };
    for (const g of games) {
      await spectate(g); // one more than the limit: the first is let go
      await pause(30);
    }

    // The host moves in the first and the last game (each waits for the host once its bots played).
    const bot = dice.bots.heuristic(3);
    const move = async (gameId: string) => {
      await host.client.waitFor((v, id) => id === gameId && (v as PlayerView).waitingFor.includes(host.id), 20_000);
      const { seq } = await host.client.send(gameId, chooseFor(bot, host.client.view(gameId) as PlayerView, host.id));
      return seq;
    };
    const eventOf = (gameId: string, seq: number) => w.received.some((m) => m.type === "event" && m.gameId === gameId && m.seq === seq);
    const last = games.at(-1)!;
    const first = games[0]!;
    const lastSeq = await move(last);
    await w.next((m) => m.type === "event" && m.gameId === last && m.seq === lastSeq, { from: 0, timeoutMs: 10_000 });
    const firstSeq = await move(first);
    await host.client.waitFor((_v, id, s) => id === first && s >= firstSeq, 10_000);
    await new Promise((r) => setTimeout(r, 300)); // time for a broadcast that must not come
    expect(eventOf(first, firstSeq)).toBe(false);
    // Asked again: followed again, from its snapshot on.
    const from = w.received.length;
    await spectate(first);
    const snapshot = w.received.slice(from).find((m) => m.type === "snapshot");
    expect(snapshot).toMatchObject({ gameId: first });
    expect(snapshot?.type === "snapshot" ? snapshot.seq : -1).toBeGreaterThanOrEqual(firstSeq);
    expect(w.invalid).toEqual([]);
  }, 120_000);
});
