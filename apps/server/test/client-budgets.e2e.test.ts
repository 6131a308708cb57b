/**
 * Issue 18, socket budgets on real nodes: a player holds SOCKETS_PER_PLAYER sockets at most and an
 * address SOCKETS_PER_ADDRESS (signed in or not); the socket past a budget is told TOO_MANY_SOCKETS with
 * a retryAfterMs, then closed with 4029; the sockets already open keep working, and closing one lets a
 * new one in. On a cluster of two nodes the budgets count the sockets of both. And a person plays
 * GAMES_PER_PLAYER games at most: a table where someone already plays that many does not start
 * (TOO_MANY_GAMES) until one of their games ends, also when the starts race on two nodes of a cluster.
 */
import { ERROR_CODES } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { startTestCluster, type TestCluster } from "./cluster-e2e/support.js";
import { closeAll, connectAs, connectPlayer, http, type Player } from "./support/players.js";
import { createGuest } from "@bang/client";
import { RawSocket } from "./support/raw.js";
import { ADMIN_TOKEN, START_HOOK_TIMEOUT_MS, useServer } from "./support/server.js";

const PER_PLAYER = 2;
const PER_ADDRESS = 5;
const BUDGETS = { SOCKETS_PER_PLAYER: String(PER_PLAYER), SOCKETS_PER_ADDRESS: String(PER_ADDRESS) };

const open: RawSocket[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

const guest = async (url: string, name: string) => ((await http(`${url}/api/guests`, { method: "POST", body: JSON.stringify({ name }) })).body as { token: string }).token;
const signedIn = async (url: string, token: string) => {
  const s = await RawSocket.signedIn(url, token);
  open.push(s);
  return s;
};
const anonymous = async (url: string) => {
  const s = await RawSocket.open(url);
  open.push(s);
  return s;
};
/** The socket was refused for the budget: TOO_MANY_SOCKETS with a retryAfterMs, then closed 4029. */
async function expectRefused(s: RawSocket, whose: RegExp) {
  expect(await s.closed).toEqual({ code: 4029, reason: "too many sockets" });
  const refusal = s.received.find((m) => m.type === "error");
  expect(refusal).toMatchObject({ type: "error", code: "TOO_MANY_SOCKETS", message: expect.stringMatching(whose), retryAfterMs: 10_000 });
  expect(ERROR_CODES).toContain("TOO_MANY_SOCKETS");
}
/** Still open: answers a ping, and gets no refusal. */
async function expectServed(s: RawSocket) {
  expect(await s.ping()).toMatchObject({ type: "pong" });
  expect(s.received.filter((m) => m.type === "error")).toEqual([]);
}

describe("socket budgets on one node", () => {
  const server = useServer({ backend: "pglite", env: BUDGETS });

  it(`a player's socket past ${PER_PLAYER} is refused and closed (4029); the others work; closing one lets a new one in`, async () => {
    const { url } = server();
    const token = await guest(url, "tabby");
    const [first, second] = [await signedIn(url, token), await signedIn(url, token)];
    const third = await signedIn(url, token);
    await expectRefused(third, /your player holds 2 connections/);
    await expectServed(first);
    await expectServed(second);
    await first.close();
    const fourth = await signedIn(url, token);
    await expectServed(fourth);
    for (const s of [second, fourth]) await s.close();
  });

  it(`an address's socket past ${PER_ADDRESS} is refused, signed in or not; another player from it too`, async () => {
    const { url } = server();
    const sockets = [];
    for (let i = 0; i < PER_ADDRESS; i++) sockets.push(await anonymous(url));
    for (const s of sockets) await s.ping().catch(() => undefined);
    const over = await anonymous(url);
    await expectRefused(over, /your address holds 5 connections/);
    for (const s of sockets) expect(s.received.filter((m) => m.type === "error" && m.code === "TOO_MANY_SOCKETS")).toEqual([]);
    await sockets[0]!.close();
    const someone = await signedIn(url, await guest(url, "someone"));
    await expectServed(someone);
    for (const s of [...sockets.slice(1), someone]) await s.close();
  });
});

describe("socket budgets across a cluster of two nodes", () => {
  let cluster: TestCluster | null = null;
  afterAll(async () => {
    await cluster?.dispose();
  }, START_HOOK_TIMEOUT_MS);

  it("a player's sockets on both nodes count together: the one past the budget is refused on either node", async () => {
    cluster = await startTestCluster(2, { env: BUDGETS });
    const [a, b] = cluster.nodes.map((n) => n.url) as [string, string];
    const token = await guest(a, "roamer");
    const onA = await signedIn(a, token);
    const onB = await signedIn(b, token);
    await expectServed(onA);
    await expectServed(onB);
    await expectRefused(await signedIn(b, token), /your player holds 2 connections/);
    await expectRefused(await signedIn(a, token), /your player holds 2 connections/);
    await onA.close();
    await expect.poll(async () => {
      const s = await signedIn(b, token);
      await s.ping().catch(() => undefined);
      const refused = s.received.some((m) => m.type === "error" && m.code === "TOO_MANY_SOCKETS");
      await s.close();
      return refused;
    }, { timeout: 5_000 }).toBe(false);
  }, 120_000);
});

describe("games one person plays at once", () => {
  const GAMES = 2;
  const server = useServer({ backend: "pglite", env: { GAMES_PER_PLAYER: String(GAMES) } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it(`a table where a person already plays ${GAMES} games does not start (TOO_MANY_GAMES); it does once one of them ends`, async () => {
    const { url } = server();
    const [busy, other] = [await connectPlayer(url, "busy"), await connectPlayer(url, "other")];
    players.push(busy, other);
    // Started all at once, three tables of the same person: exactly GAMES of them start.
    const tables = [];
    for (let i = 0; i <= GAMES; i++) {
      const t = await busy.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
      await busy.client.fillBots(t.code);
      tables.push(t.code);
    }
    const starts = await Promise.allSettled(tables.map((code) => busy.client.startGame(code)));
    const games = starts.flatMap((r) => (r.status === "fulfilled" && r.value.gameId ? [r.value.gameId] : []));
    expect(games).toHaveLength(GAMES);
    const refused = starts.filter((r) => r.status === "rejected");
    expect(refused.map((r) => (r as PromiseRejectedResult).reason)).toMatchObject([{ code: "TOO_MANY_GAMES" }]);
    await busy.client.leaveTable(tables[starts.findIndex((r) => r.status === "rejected")]!);
    // Busy as the host, and busy as a guest at someone else's table: neither starts, and both tables stay open.
    const own = await busy.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
    await busy.client.fillBots(own.code);
    await expect(busy.client.startGame(own.code)).rejects.toMatchObject({ code: "TOO_MANY_GAMES", message: expect.stringMatching(/you already play 2 games/) });
    const theirs = await other.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
    await busy.client.joinTable(theirs.code);
    await busy.client.setReady(theirs.code, true);
    await other.client.fillBots(theirs.code);
    await expect(other.client.startGame(theirs.code)).rejects.toMatchObject({ code: "TOO_MANY_GAMES", message: expect.stringMatching(/busy already plays 2 games/) });
    // An admin ends one of busy's games: the table starts.
    const ended = await http(`${url}/api/admin/games/${games[0]}/end`, { method: "POST", token: ADMIN_TOKEN });
    expect(ended.status).toBe(200);
    const started = await busy.client.startGame(own.code);
    expect(started.gameId).toEqual(expect.any(String));
  }, 60_000);
});

describe("games one person plays at once, across a cluster of two nodes", () => {
  const GAMES = 2;
  let cluster: TestCluster | null = null;
  const players: Player[] = [];
  afterAll(async () => {
    await closeAll(players);
    await cluster?.dispose();
  }, START_HOOK_TIMEOUT_MS);

  it(`four tables of one person, two on each node, started at once: exactly ${GAMES} start, the others are TOO_MANY_GAMES`, async () => {
    cluster = await startTestCluster(2, { env: { GAMES_PER_PLAYER: String(GAMES) } });
    const [a, b] = cluster.nodes.map((n) => n.url) as [string, string];
    const guest = await createGuest(a, "racer");
    const onA = await connectAs(a, guest);
    const onB = await connectAs(b, guest);
    players.push(onA, onB);
    const tables: { player: Player; code: string }[] = [];
    for (const player of [onA, onB, onA, onB]) {
      const t = await player.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
      await player.client.fillBots(t.code);
      tables.push({ player, code: t.code });
    }
    const starts = await Promise.allSettled(tables.map((t) => t.player.client.startGame(t.code)));
    const started = starts.filter((r) => r.status === "fulfilled");
    const refused = starts.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string }] : []));
    expect(started).toHaveLength(GAMES);
    expect(refused).toMatchObject(Array(tables.length - GAMES).fill({ code: "TOO_MANY_GAMES" }));
    // The starts under way are given back: with two games running, the next start on either node is refused by the store's count alone.
    const late = await onB.client.createTable({ game: "dice", seats: 3, botKind: "random", turnSeconds: 600 });
    await onB.client.fillBots(late.code);
    await expect(onB.client.startGame(late.code)).rejects.toMatchObject({ code: "TOO_MANY_GAMES" });
  }, 120_000);
});
