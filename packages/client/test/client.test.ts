import type { ClientMessage, TableView } from "@bang/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { BangClient, ClientError, connect, type ClientOptions, type ConnectionDetail, type ConnectionStatus, type EventMessage } from "../src/index.js";
import type { PlayerView } from "@bang/game-dice";
import { FakeServer, GAME, GAME_ID, TABLE_CODE } from "./fakeServer.js";

/** Behaviour of the SDK against a real WebSocket peer (test/fakeServer.ts). */

let server: FakeServer;
const clients: BangClient[] = [];

beforeEach(async () => {
  server = await FakeServer.start();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

/** A client with fast, jitter-free backoff and no heartbeat, closed after the test. */
function client(options: Partial<ClientOptions> = {}): BangClient {
  const c = new BangClient({
    url: server.url,
    token: "token-p1",
    reconnect: { initialDelayMs: 20, maxDelayMs: 200, jitter: 0 },
    requestTimeoutMs: 2000,
    heartbeatMs: 0,
    ...options,
  });
  clients.push(c);
  return c;
}

/** A connected client that follows GAME_ID from seq 0 (it started the game). */
async function inGame(options: Partial<ClientOptions> = {}): Promise<BangClient> {
  const c = client(options);
  await c.connect();
  await c.startGame(TABLE_CODE);
  expect(c.lastSeq(GAME_ID)).toBe(0);
  return c;
}

/** Resolves once `condition` holds (polled), or fails the test after `timeoutMs`. */
async function eventually(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const isType =
  <T extends ClientMessage["type"]>(type: T) =>
  (m: ClientMessage): m is Extract<ClientMessage, { type: T }> =>
    m.type === type;

function record(c: BangClient) {
  const events: EventMessage[] = [];
  const statuses: [ConnectionStatus, ConnectionDetail][] = [];
  const errors: ClientError[] = [];
  c.on("event", (e) => events.push(e));
  c.on("connection", (s, d) => statuses.push([s, d]));
  c.on("error", (e) => errors.push(e));
  return { events, statuses, errors, seqs: () => events.map((e) => e.seq) };
}

describe("connection", () => {
  it("says hello with the token first and resolves with the welcomed player", async () => {
    const c = client();
    const seen = record(c);
    expect(c.status).toBe("idle");
    await expect(c.connect()).resolves.toEqual({ id: "p1", name: "P1" });
    expect(server.received[0]).toEqual({ type: "hello", token: "token-p1", features: ["ackInEvent", "viewChanges"] });
    expect(c.status).toBe("connected");
    expect(c.player).toEqual({ id: "p1", name: "P1" });
    expect(seen.statuses.map(([s]) => s)).toEqual(["connecting", "connected"]);
    expect(await c.ping()).toBeGreaterThanOrEqual(0);
  });

  it("uses the ws package by default in Node 20 and derives the /ws URL from the http base", async () => {
    // FakeServer listens on /ws only: reaching it proves the URL.
    const c = await connect({ url: `${server.url}/`, token: "token-p2", heartbeatMs: 0 });
    clients.push(c);
    expect(c.player?.id).toBe("p2");
  });

  it("stops for good on BAD_TOKEN and surfaces the error", async () => {
    const c = client({ token: "stolen" });
    const seen = record(c);
    await expect(c.connect()).rejects.toMatchObject({ code: "BAD_TOKEN" });
    expect(c.status).toBe("closed");
    expect(seen.errors.map((e) => e.code)).toEqual(["BAD_TOKEN"]);
    expect(seen.statuses.at(-1)?.[1].error?.code).toBe("BAD_TOKEN");
    await new Promise((r) => setTimeout(r, 150));
    expect(server.connections).toBe(1);
    await expect(c.joinTable(TABLE_CODE)).rejects.toMatchObject({ code: "CLOSED" });
  });
});

describe("requests", () => {
  it("creates a table (options defaults filled in) and starts its game, whose snapshot is tracked", async () => {
    const c = client();
    const tables: string[] = [];
    const states: string[] = [];
    c.on("table", (t) => tables.push(`${t.code}:${t.status}`));
    c.on("state", (gameId, view, seq, game) => states.push(`${gameId}:${game}:${seq + view.stateId}`));
    await c.connect();
    const table = await c.createTable({ game: GAME, seats: 4 });
    expect(table.code).toBe(TABLE_CODE);
    expect(table.options.game).toBe(GAME);
    const sent = await server.receivedMatching(isType("createTable"));
    expect(sent.options).toEqual({ game: GAME, seats: 4, botsAllowed: true, botKind: "heuristic", turnSeconds: 60, gameOptions: {} });
    const started = await c.startGame(TABLE_CODE);
    expect(started.gameId).toBe(GAME_ID);
    // The `table` push and the ok carry the same table: reported once.
    expect(tables).toEqual([`${TABLE_CODE}:open`, `${TABLE_CODE}:playing`]);
    expect(c.table(TABLE_CODE)?.gameId).toBe(GAME_ID);
    expect((c.view(GAME_ID) as PlayerView | undefined)?.players).toHaveLength(4);
    expect(c.game(GAME_ID)).toMatchObject({ gameId: GAME_ID, game: GAME, seq: 0 });
    expect(states).toEqual([`${GAME_ID}:${GAME}:0`]);
  });

  it("reports a table push once when the table changed, and not when it is the same table again (its keys in another order too)", async () => {
    const c = client();
    const tables: TableView[] = [];
    c.on("table", (t) => tables.push(t));
    await c.connect();
    const table = await c.createTable({ game: GAME, seats: 4 });
    expect(tables).toEqual([table]);
    // The same table again, then with its keys (and a seat's) in reverse order: no change.
    const reversed = (o: object) => Object.fromEntries(Object.entries(o).reverse());
    server.send({ type: "table", table });
    server.send({ type: "table", table: { ...reversed(table), seats: table.seats.map(reversed) } as TableView });
    await c.ping(); // answered after the pushes: they are in
    expect(tables).toHaveLength(1);
    // A seat's `ready` changed: reported once, however many times it comes.
    const ready = { ...table, seats: table.seats.map((s, i) => (i === 0 ? { ...s, ready: !s.ready } : s)) };
    server.send({ type: "table", table: ready });
    server.send({ type: "table", table: ready });
    // A change deep in the game's options, then the first table back: each reported.
    const withOptions = { ...ready, options: { ...ready.options, gameOptions: { rules: { fast: true } } } };
    server.send({ type: "table", table: withOptions });
    server.send({ type: "table", table: { ...withOptions, options: { ...withOptions.options, gameOptions: { rules: { fast: false } } } } });
    server.send({ type: "table", table });
    await c.ping();
    expect(tables.map((t) => [t.seats[0]?.ready, t.options.gameOptions])).toEqual([
      [table.seats[0]?.ready, {}],
      [!table.seats[0]?.ready, {}],
      [!table.seats[0]?.ready, { rules: { fast: true } }],
      [!table.seats[0]?.ready, { rules: { fast: false } }],
      [table.seats[0]?.ready, {}],
    ]);
    expect(c.table(TABLE_CODE)).toEqual(table);
  });

  it("refuses an invalid request locally, without sending it", async () => {
    const c = client();
    await c.connect();
    await expect(c.joinTable("no such code")).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    await expect(c.createTable({ game: GAME, seats: 17 })).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    // No default game: a table names its game.
    await expect(c.createTable({ seats: 4 } as Parameters<BangClient["createTable"]>[0])).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/game/) });
    await expect(c.createTable({ game: "Dice!", seats: 4 })).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    expect(server.received.map((m) => m.type)).toEqual(["hello"]);
  });

  it("waits for the connection when a request is made before connect()", async () => {
    const c = client();
    await expect(c.createTable({ game: GAME, seats: 3 })).resolves.toMatchObject({ code: TABLE_CODE });
  });

  it("times out a request the server never answers", async () => {
    const c = client({ requestTimeoutMs: 100 });
    await c.connect();
    server.holdCommands = true;
    await expect(c.send(GAME_ID, { type: "roll" })).rejects.toMatchObject({ code: "TIMEOUT" });
  });
});

describe("commands", () => {
  it("resolves on the ack with the seq, after the event was applied", async () => {
    const c = await inGame();
    const seen = record(c);
    const result = await c.send(GAME_ID, { type: "roll" }, { id: "cmd-1" });
    expect(result).toEqual({ id: "cmd-1", gameId: GAME_ID, seq: 1 });
    expect(seen.seqs()).toEqual([1]);
    expect(c.lastSeq(GAME_ID)).toBe(1);
    expect(c.view(GAME_ID)?.stateId).toBe(1);
  });

  it("generates a UUID command id when none is given", async () => {
    const c = await inGame();
    await c.send(GAME_ID, { type: "roll" });
    const sent = await server.receivedMatching(isType("command"));
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("rejects with the server's rule code when refused", async () => {
    const c = await inGame();
    const error = await c.send(GAME_ID, { type: "react", arrows: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code: "WRONG_PHASE" });
    expect(server.log).toHaveLength(0);
  });

  it("refuses an invalid command envelope locally (the command's own fields are its game's, checked by the server)", async () => {
    const c = await inGame();
    await expect(c.send(GAME_ID, { indexes: [] } as never)).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^command\.type: /) });
    await expect(c.send(GAME_ID, { type: "re roll" })).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "" })).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    expect(server.received.filter(isType("command"))).toHaveLength(0);
  });

  it("sending an id still waiting returns the same promise; another command under that id is refused", async () => {
    const c = await inGame();
    server.holdCommands = true;
    const first = c.send(GAME_ID, { type: "roll" }, { id: "same" });
    expect(c.send(GAME_ID, { type: "roll" }, { id: "same" })).toBe(first);
    await expect(c.send(GAME_ID, { type: "stop" }, { id: "same" })).rejects.toMatchObject({ code: "COMMAND_ID_REUSED" });
    const sent = await server.receivedMatching(isType("command"));
    server.answer(server.peer, sent);
    await expect(first).resolves.toMatchObject({ seq: 1 });
    expect(server.received.filter(isType("command"))).toHaveLength(1);
  });
});

describe("acks folded into events (hello feature ackInEvent)", () => {
  it("names ackInEvent in its hello and resolves from the event's folded ack, after applying the event; no ack message came", async () => {
    const c = await inGame();
    const seen = record(c);
    expect(server.peer.received[0]).toEqual({ type: "hello", token: "token-p1", features: ["ackInEvent", "viewChanges"] });
    const result = await c.send(GAME_ID, { type: "roll" }, { id: "f-1" });
    expect(result).toEqual({ id: "f-1", gameId: GAME_ID, seq: 1 });
    expect(server.foldedAcks).toEqual(["f-1"]);
    expect(seen.seqs()).toEqual([1]);
    expect(c.lastSeq(GAME_ID)).toBe(1);
    await expect(c.send(GAME_ID, { type: "stop" }, { id: "f-2" })).resolves.toEqual({ id: "f-2", gameId: GAME_ID, seq: 2 });
    expect(server.foldedAcks).toEqual(["f-1", "f-2"]);
    expect(seen.errors).toEqual([]);
  });

  it("ackInEvent: false leaves the feature out of hello; the server's ack resolves the command", async () => {
    const c = await inGame({ ackInEvent: false });
    expect(server.peer.received[0]).toEqual({ type: "hello", token: "token-p1", features: ["viewChanges"] });
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "a-1" })).resolves.toEqual({ id: "a-1", gameId: GAME_ID, seq: 1 });
    expect(server.foldedAcks).toEqual([]);
  });

  it("a server that ignores the feature sends acks apart: they resolve the commands", async () => {
    server.foldAcks = false;
    const c = await inGame();
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "i-1" })).resolves.toEqual({ id: "i-1", gameId: GAME_ID, seq: 1 });
    expect(server.foldedAcks).toEqual([]);
  });

  it("a folded ack settles its command even on a duplicate event or one beyond a gap, and only for its game", async () => {
    const c = await inGame();
    const seen = record(c);
    server.holdCommands = true;
    const late = c.send(GAME_ID, { type: "roll" }, { id: "late" });
    await server.receivedMatching((m) => m.type === "command" && m.id === "late");
    const seq = server.storeQuietly({ type: "roll" }, "p1");
    server.send(server.eventOf(seq));
    // Another game's event naming that id is not its ack.
    let settled = false;
    void late.then(() => (settled = true));
    server.send({ ...server.eventOf(seq), gameId: "g-other", ack: "late" } as never);
    await c.ping();
    expect(settled).toBe(false);
    // The event again (a duplicate, dropped) with the ack folded in: the command is stored as its seq.
    server.send({ ...server.eventOf(seq), ack: "late" } as never);
    await expect(late).resolves.toEqual({ id: "late", gameId: GAME_ID, seq: 1 });
    const seqs = () => seen.events.filter((e) => e.gameId === GAME_ID).map((e) => e.seq);
    expect(seqs()).toEqual([1]);

    const gap = c.send(GAME_ID, { type: "stop" }, { id: "gap" });
    await server.receivedMatching((m) => m.type === "command" && m.id === "gap");
    server.storeQuietly({ type: "stop" }, "p2");
    const third = server.storeQuietly({ type: "stop" }, "p1");
    server.send({ ...server.eventOf(third), ack: "gap" } as never); // 2 never arrived
    await expect(gap).resolves.toEqual({ id: "gap", gameId: GAME_ID, seq: 3 });
    await c.waitFor((_, gameId, s) => gameId === GAME_ID && s === 3);
    expect(seqs()).toEqual([1, 2, 3]);
  });
});

describe("view changes (hello feature viewChanges)", () => {
  /** The frame of entry `seq` for p1 with `viewChanges` in place of the view (a server's wire form). */
  const changesFrame = (seq: number, viewChanges: Record<string, unknown>, ack?: string): string => {
    const { view: _view, ...head } = server.eventOf(seq) as EventMessage;
    return JSON.stringify({ ...head, viewChanges, ...(ack === undefined ? {} : { ack }) });
  };

  it("viewChanges: false leaves the feature out of hello; with ackInEvent: false too, hello has no features (a server older than features)", async () => {
    await inGame({ viewChanges: false });
    expect(server.peer.received[0]).toEqual({ type: "hello", token: "token-p1", features: ["ackInEvent"] });
    const c = client({ ackInEvent: false, viewChanges: false });
    await c.connect();
    expect(server.peer.received[0]).toEqual({ type: "hello", token: "token-p1" });
  });

  it("rebuilds the whole view from the view at seq - 1 and the changes: event and state listeners and view() see it; a folded ack settles the command", async () => {
    const c = await inGame();
    const seen = record(c);
    const states: { view: unknown; seq: number }[] = [];
    c.on("state", (_gameId, view, seq) => void states.push({ view, seq }));
    const before = c.view(GAME_ID)!;
    server.storeQuietly({ type: "roll" });
    server.send(changesFrame(1, { stateId: 1, rollsLeft: 1 }));
    server.holdCommands = true;
    const sent = c.send(GAME_ID, { type: "stop" }, { id: "vc-2" });
    await server.receivedMatching(isType("command"));
    server.storeQuietly({ type: "stop" }, "p1");
    server.send(changesFrame(2, { stateId: 2 }, "vc-2"));
    await expect(sent).resolves.toEqual({ id: "vc-2", gameId: GAME_ID, seq: 2 });
    const one = { ...before, stateId: 1, rollsLeft: 1 };
    const two = { ...one, stateId: 2 };
    expect(seen.events.map((e) => e.view)).toEqual([one, two]);
    expect(seen.events.every((e) => !("viewChanges" in e))).toBe(true);
    expect(seen.events[1]).toMatchObject({ seq: 2, by: "p1", ack: "vc-2" });
    expect(states).toEqual([{ view: one, seq: 1 }, { view: two, seq: 2 }]);
    expect(c.view(GAME_ID)).toEqual(two);
    expect(seen.errors).toEqual([]);
  });

  it("view changes for a game with no view here are a gap: the client resumes from 0 and applies the whole events the resume brings", async () => {
    const c = client();
    const seen = record(c);
    await c.connect();
    server.storeQuietly({ type: "roll" });
    server.send(changesFrame(1, { stateId: 1 }));
    const resume = await server.receivedMatching(isType("resume"));
    expect(resume).toMatchObject({ gameId: GAME_ID, lastSeq: 0 });
    await c.waitFor((_, gameId, seq) => gameId === GAME_ID && seq === 1);
    expect(seen.seqs()).toEqual([1]);
    expect(c.view(GAME_ID)).toEqual((server.eventOf(1) as EventMessage).view);
    expect(seen.errors).toEqual([]);
  });
});

describe("transient refusals", () => {
  it("sends a command answered RETRY again, with the same id, after a backoff", async () => {
    const c = await inGame();
    let refusals = 2;
    server.refuse = () => (refusals-- > 0 ? "RETRY" : null);
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "r1" })).resolves.toMatchObject({ seq: 1 });
    expect(server.received.filter(isType("command")).map((m) => m.id)).toEqual(["r1", "r1", "r1"]);
  });

  it("sends a command dropped as RATE_LIMITED again, with the same id, after a backoff", async () => {
    const c = await inGame();
    let refusals = 1;
    server.refuse = () => (refusals-- > 0 ? "RATE_LIMITED" : null);
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "q1" })).resolves.toMatchObject({ seq: 1 });
    expect(server.received.filter(isType("command")).map((m) => m.id)).toEqual(["q1", "q1"]);
  });

  it("sends a command dropped as RATE_LIMITED again no sooner than the server's retryAfterMs", async () => {
    const c = await inGame();
    let refusals = 1;
    server.refuse = () => (refusals-- > 0 ? "RATE_LIMITED" : null);
    server.commandRetryAfterMs = 300;
    const t0 = Date.now();
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "w1" })).resolves.toMatchObject({ seq: 1 });
    // The backoff alone would send it again after 20 ms.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(server.received.filter(isType("command")).map((m) => m.id)).toEqual(["w1", "w1"]);
  });

  it("gives up after maxCommandRetries", async () => {
    const c = await inGame({ maxCommandRetries: 1 });
    server.refuse = () => "RETRY";
    await expect(c.send(GAME_ID, { type: "roll" })).rejects.toMatchObject({ code: "RETRY" });
    expect(server.received.filter(isType("command"))).toHaveLength(2);
  });

  it("on SHUTTING_DOWN, reconnects and sends the command again on the new connection", async () => {
    const c = await inGame();
    let refusals = 1;
    server.refuse = () => (refusals-- > 0 ? "SHUTTING_DOWN" : null);
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "s1" })).resolves.toMatchObject({ seq: 1 });
    expect(server.peers).toHaveLength(2);
    expect(server.peer.received.map((m) => m.type)).toEqual(["hello", "command"]);
    expect(server.peer.received[0]).toMatchObject({ type: "hello", resume: [{ gameId: GAME_ID }] });
  });
});

describe("game state", () => {
  it("drops a duplicate or old event seq", async () => {
    const c = await inGame();
    const seen = record(c);
    await c.send(GAME_ID, { type: "roll" });
    server.send(server.eventOf(1));
    await c.send(GAME_ID, { type: "stop" });
    server.send(server.eventOf(1));
    server.send(server.eventOf(2));
    await c.ping(); // the frames before the pong have been handled
    expect(seen.seqs()).toEqual([1, 2]);
    expect(c.lastSeq(GAME_ID)).toBe(2);
  });

  it("a gap triggers a resume from the last seq, then the missed events come in order", async () => {
    const c = await inGame();
    const seen = record(c);
    await c.send(GAME_ID, { type: "roll" });
    server.storeQuietly({ type: "stop" });
    server.storeQuietly({ type: "roll" });
    server.send(server.eventOf(3)); // 2 never arrived
    const resume = await server.receivedMatching(isType("resume"));
    expect(resume).toMatchObject({ gameId: GAME_ID, lastSeq: 1 });
    await c.waitFor((_, gameId, seq) => gameId === GAME_ID && seq === 3);
    expect(seen.seqs()).toEqual([1, 2, 3]);
    expect(c.view(GAME_ID)?.stateId).toBe(3);
  });

  it("waitFor resolves on a view already there, on a later one, and times out", async () => {
    const c = await inGame();
    await expect(c.waitFor((v) => v.stateId === 0)).resolves.toMatchObject({ gameId: GAME_ID, seq: 0 });
    const later = c.waitFor((v) => v.stateId === 1);
    await c.send(GAME_ID, { type: "roll" });
    await expect(later).resolves.toMatchObject({ seq: 1 });
    await expect(c.waitFor((v) => v.stateId === 99, 50)).rejects.toMatchObject({ code: "TIMEOUT" });
  });

  it("spectate resolves with the snapshot's state", async () => {
    const c = client({ token: "token-p2" });
    await c.connect();
    await expect(c.spectate(GAME_ID)).resolves.toMatchObject({ gameId: GAME_ID, seq: 0 });
  });
});

describe("reconnect", () => {
  it("after a dropped socket: backoff, hello naming the game to resume, then the unanswered command again with the same id", async () => {
    const c = await inGame();
    const seen = record(c);
    await c.send(GAME_ID, { type: "roll" });
    server.holdCommands = true;
    const pending = c.send(GAME_ID, { type: "stop" }, { id: "cmd-stop" });
    await server.receivedMatching((m) => m.type === "command" && m.id === "cmd-stop");
    const first = server.peer;
    server.holdCommands = false;
    server.terminate(first);

    await expect(pending).resolves.toEqual({ id: "cmd-stop", gameId: GAME_ID, seq: 2 });
    const second = server.peer;
    expect(second).not.toBe(first);
    expect(second.received.map((m) => m.type)).toEqual(["hello", "command"]);
    expect(second.received[0]).toMatchObject({ type: "hello", resume: [{ gameId: GAME_ID, lastSeq: 1 }] });
    expect(second.received[1]).toMatchObject({ type: "command", id: "cmd-stop", command: { type: "stop" } });
    expect(server.log.map((e) => e.command.type)).toEqual(["roll", "stop"]);
    expect(seen.statuses.map(([s]) => s)).toEqual(["reconnecting", "connecting", "connected"]);
    expect(seen.statuses[0]?.[1]).toMatchObject({ attempt: 1, delayMs: 20 });
    await c.waitFor((_, __, seq) => seq === 2);
    expect(seen.seqs()).toEqual([1, 2]);
    // Sent again on the new socket, whose hello named ackInEvent too: its ack came in its event.
    expect(second.foldsAcks).toBe(true);
    expect(server.foldedAcks.at(-1)).toBe("cmd-stop");
  });

  it("a command stored just before the server died is applied once: the resume brings its event, the resend its first ack", async () => {
    const c = await inGame();
    const seen = record(c);
    server.dieAfterStore = true;
    await expect(c.send(GAME_ID, { type: "roll" }, { id: "cmd-roll" })).resolves.toMatchObject({ seq: 1 });
    expect(server.log).toHaveLength(1);
    expect(server.received.filter((m) => m.type === "command")).toHaveLength(2);
    await c.waitFor((_, __, seq) => seq === 1);
    expect(seen.seqs()).toEqual([1]);
    // The repeat's answer is the first ack, as a message (no event comes with a repeat).
    expect(server.foldedAcks).toEqual([]);
  });

  it("backs off exponentially while connections fail, and resets after a welcome", async () => {
    const c = await inGame();
    const seen = record(c);
    server.refuseConnections = 3;
    server.terminate();
    await eventually(() => c.status === "connected" && server.connections === 5);
    const delays = seen.statuses.filter(([s]) => s === "reconnecting").map(([, d]) => d.delayMs);
    expect(delays).toEqual([20, 40, 80, 160]);
    server.terminate();
    await eventually(() => seen.statuses.filter(([s]) => s === "reconnecting").length === 5);
    expect(seen.statuses.at(-1)?.[1].delayMs).toBe(20);
  });

  it("reconnects when the server closes with 1001 (going away)", async () => {
    const c = await inGame();
    const seen = record(c);
    server.peer.socket.close(1001, "shutting down");
    await eventually(() => server.peers.length === 2 && c.status === "connected");
    expect(seen.statuses[0]?.[1]).toMatchObject({ code: 1001, reason: "shutting down" });
  });

  it("fails a request in flight with DISCONNECTED: it is not sent again", async () => {
    const c = await inGame();
    const pending = c.ping();
    server.terminate();
    await expect(pending).rejects.toMatchObject({ code: "DISCONNECTED" });
  });

  it("close() stops reconnecting and fails what waits with CLOSED", async () => {
    const c = await inGame();
    const seen = record(c);
    server.holdCommands = true;
    const pending = c.send(GAME_ID, { type: "roll" });
    const waiting = c.waitFor(() => false);
    await server.receivedMatching(isType("command"));
    const rejected = Promise.all([expect(pending).rejects.toMatchObject({ code: "CLOSED" }), expect(waiting).rejects.toMatchObject({ code: "CLOSED" })]);
    await c.close();
    await rejected;
    expect(c.status).toBe("closed");
    await new Promise((r) => setTimeout(r, 150));
    expect(server.connections).toBe(1);
    expect(seen.statuses.map(([s]) => s)).toEqual(["closed"]);
  });

  it("detects a dead connection with the heartbeat and reconnects", async () => {
    const c = await inGame({ heartbeatMs: 50, requestTimeoutMs: 100 });
    const seen = record(c);
    // The peer stops answering anything but keeps the TCP connection open.
    server.peer.socket.removeAllListeners("message");
    await eventually(() => server.peers.length === 2 && c.status === "connected");
    expect(seen.statuses[0]).toEqual(["reconnecting", expect.objectContaining({ code: 4000, reason: "heartbeat timeout" })]);
  });
});

describe("invalid frames", () => {
  it("reports an invalid server frame as an error event and goes on", async () => {
    const c = await inGame();
    const seen = record(c);
    server.send("not json");
    server.send(JSON.stringify({ type: "event", gameId: GAME_ID, seq: 0 }));
    server.send(JSON.stringify({ type: "launchMissiles" }));
    server.peer.socket.send(new Uint8Array([0xff, 0xfe]), { binary: true });
    await c.send(GAME_ID, { type: "roll" });
    expect(seen.errors.map((e) => e.code)).toEqual(["BAD_FRAME", "BAD_FRAME", "BAD_FRAME", "BAD_FRAME"]);
    expect(seen.errors[0]?.message).toContain("BAD_JSON");
    expect(seen.seqs()).toEqual([1]);
    expect(c.status).toBe("connected");
  });

  it("a listener that throws is reported and does not stop delivery", async () => {
    const c = await inGame();
    const seen = record(c);
    c.on("event", () => {
      throw new Error("boom");
    });
    await c.send(GAME_ID, { type: "roll" });
    expect(seen.seqs()).toEqual([1]);
    expect(seen.errors.map((e) => e.code)).toEqual(["LISTENER_FAILED"]);
  });
});

describe("WebSocket implementation", () => {
  it("takes the class given in the options", async () => {
    let made = 0;
    class Counting extends WebSocket {
      constructor(url: string) {
        super(url);
        made += 1;
      }
    }
    const c = client({ WebSocket: Counting });
    await c.connect();
    expect(made).toBe(1);
  });
});
