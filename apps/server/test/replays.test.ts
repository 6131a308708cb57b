/**
 * The replay cache of GET /api/games/:id/replay (games/replays.ts), on the real store (a scratch
 * PostgreSQL database) with real rooms playing real games. Its answers are exactly what replaying the
 * whole log gave (the same JSON text, for an admin, a spectator and a seated player, at any entry); a
 * finished game is replayed once and then served without reading the store; a running game's replay
 * applies only the entries stored since the last one (the earlier steps are the very same objects), and
 * reads nothing while this node's room of the game has nothing newer; the cache is bounded.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replaySteps, type Viewer } from "@bang/game-core";
import { findGame } from "@bang/games";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameHost } from "../src/games/host.js";
import { createMetrics } from "../src/games/metrics.js";
import { Replays, replayText, type ReplayRecord } from "../src/games/replays.js";
import type { GameRoom } from "../src/games/room.js";
import type { RoomSeat } from "../src/games/types.js";
import { openStore } from "../src/persistence/prisma-store.js";
import type { GameStore } from "../src/persistence/store.js";
import { eventually, scratchDatabase } from "./cluster/support.js";
import { chooseFor } from "./support/players.js";

let dir: string;
let db: Awaited<ReturnType<typeof scratchDatabase>>;
let store: GameStore;
let host: GameHost;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "bang-replays-"));
  db = await scratchDatabase();
  store = await openStore({ DATA_DIR: dir, DATABASE_URL: db.url, LOG_BATCH_MAX: 64, LOG_BATCH_DELAY_MS: 1 });
  host = new GameHost(store, { botDelayMs: 0, disconnectGraceMs: 600_000 }, createMetrics(() => 0), pino({ level: "silent" }));
}, 120_000);
afterAll(async () => {
  host?.dispose();
  await store?.close();
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** The store, counting its reads and the log entries they returned. */
function counted(): { store: Pick<GameStore, "getGame" | "loadLog">; reads: () => number; entriesRead: () => number } {
  let reads = 0;
  let entriesRead = 0;
  return {
    store: {
      getGame: (id) => (reads++, store.getGame(id)),
      loadLog: async (id, options) => {
        reads++;
        const entries = await store.loadLog(id, options);
        entriesRead += entries.length;
        return entries;
      },
    },
    reads: () => reads,
    entriesRead: () => entriesRead,
  };
}

/** A game of `game` with `people` person seats and bots on the others, started. */
async function newGame(game: string, seats: number, people: number): Promise<GameRoom> {
  const players: RoomSeat[] = [];
  for (let i = 0; i < seats; i++) {
    const guest = await store.createGuest(`p${i}`);
    players.push({ index: i, playerId: guest.id, name: guest.name, bot: i < people ? null : "heuristic" });
  }
  return host.createGame({ game, seats: players, tableCode: null, turnSeconds: 600 });
}

/** The answer the endpoint gave before the cache: the whole log replayed for this very request. */
async function reference(gameId: string, viewer: Viewer, at?: number): Promise<string> {
  const game = (await store.getGame(gameId))!;
  const module = findGame(game.game)!;
  const entries = await store.loadLog(gameId);
  const steps = replaySteps(module, { game: game.game, setup: game.setup, entries: entries.map((e) => ({ command: e.command })) });
  const now = steps.at(-1)!.state;
  const showSeed = viewer.kind === "admin" || (game.status !== "running" && !module.seedSecretAfterEnd);
  return JSON.stringify({
    gameId: game.id,
    game: game.game,
    status: game.status,
    at: at ?? entries.length,
    lastSeq: entries.length,
    seed: showSeed ? (game.setup.seed ?? null) : null,
    entries: entries.map((e, i) => {
      const step = module.viewEvent({ command: e.command, events: steps[i + 1]!.events, state: steps[i + 1]!.state }, viewer, now);
      return { seq: e.seq, by: e.playerId, command: step.command, events: step.events, at: e.createdAt?.toISOString() ?? null };
    }),
    view: module.view(steps[at ?? entries.length]!.state, viewer),
  });
}

/** The cache's answer, as the route assembles it. */
function answer(replays: Replays, record: ReplayRecord, viewer: Viewer, at = record.entries.length): string {
  const showSeed = viewer.kind === "admin" || (record.game.status !== "running" && !record.module.seedSecretAfterEnd);
  return replayText({
    gameId: record.game.id,
    game: record.game.game,
    status: record.game.status,
    at,
    lastSeq: record.entries.length,
    seed: showSeed ? (record.game.setup.seed ?? null) : null,
    entries: replays.shownEntries(record, viewer),
    view: record.module.view(record.steps[at]!.state, viewer),
  });
}

const MB = 1024 * 1024;

describe("the replay cache", () => {
  it("a finished game: the same answers as a whole replay, for every viewer and entry; replayed once, then no store read", async () => {
    const room = await newGame("dice", 5, 0);
    await eventually(async () => expect((await store.getGame(room.id))?.status).toBe("finished"), 60_000, 50);
    const reads = counted();
    const replays = new Replays({ store: reads.store, live: (id) => host.get(id), maxBytes: 8 * MB });
    const record = (await replays.load(room.id))!;
    const n = record.entries.length;
    expect(n).toBeGreaterThan(10);
    const seated = record.game.seats[0]!.playerId;
    for (const viewer of [{ kind: "admin" }, { kind: "spectator" }, { kind: "player", id: seated }] as Viewer[]) {
      for (const at of [0, Math.floor(n / 2), n]) expect(answer(replays, record, viewer, at), `${viewer.kind} at ${at}`).toBe(await reference(room.id, viewer, at));
    }
    const before = reads.reads();
    expect(await replays.load(room.id)).toBe(record);
    expect(reads.reads()).toBe(before);
    expect(replays.shownEntries(record, { kind: "spectator" })).toBe(replays.shownEntries(record, { kind: "spectator" }));
  });

  it("a finished duel (secret picks, revealed by the end): the same answers for both players and a spectator", async () => {
    const room = await newGame("dice_duel", 2, 0);
    await eventually(async () => expect((await store.getGame(room.id))?.status).toBe("finished"), 60_000, 50);
    const replays = new Replays({ store, live: (id) => host.get(id), maxBytes: 8 * MB });
    const record = (await replays.load(room.id))!;
    for (const viewer of [{ kind: "spectator" }, ...record.game.seats.map((s) => ({ kind: "player", id: s.playerId }))] as Viewer[]) {
      expect(answer(replays, record, viewer), viewer.kind).toBe(await reference(room.id, viewer));
    }
  });

  it("a running game: only the new entries are read and applied; nothing is read while this node's room has nothing newer", async () => {
    // Four people and no bot: the game moves only when the test plays, so it is still running when
    // the replay is read (a bot's turns could end it first).
    const room = await newGame("dice", 4, 4);
    const person = room.seats[0]!.playerId;
    const module = findGame("dice")!;
    /** Whoever is to act plays (from their own view) until the game has `more` entries more; then it waits (600 s turns). */
    const playOn = async (more: number) => {
      const target = room.seq + more;
      for (let i = 0; room.seq < target && !room.over; i++) {
        await room.idle();
        const who = module.toAct(room.state)[0]!;
        const view = module.view(room.state, { kind: "player", id: who });
        await room.submit(who, `c${room.seq}-${i}`, chooseFor(module.bots.heuristic(i), view, who));
      }
      await room.idle();
    };
    await playOn(3);
    const reads = counted();
    const replays = new Replays({ store: reads.store, live: (id) => host.get(id), maxBytes: 8 * MB });
    const first = (await replays.load(room.id))!;
    expect(first.game.status).toBe("running");
    expect(answer(replays, first, { kind: "spectator" })).toBe(await reference(room.id, { kind: "spectator" }));
    // The room is where the cache left it: served without a read.
    const before = reads.reads();
    expect(await replays.load(room.id)).toBe(first);
    expect(reads.reads()).toBe(before);

    await playOn(6);
    const entriesBefore = reads.entriesRead();
    const next = (await replays.load(room.id))!;
    expect(next.entries.length).toBe(room.seq);
    // Only the entries stored since the first replay were read from the store.
    expect(reads.entriesRead() - entriesBefore).toBe(next.entries.length - first.entries.length);
    expect(next.entries.length).toBeGreaterThan(first.entries.length);
    // The earlier steps are the very objects of the first replay: they were not computed again.
    first.steps.forEach((step, i) => expect(next.steps[i]).toBe(step));
    for (const viewer of [{ kind: "spectator" }, { kind: "player", id: person }, { kind: "admin" }] as Viewer[]) {
      expect(answer(replays, next, viewer), viewer.kind).toBe(await reference(room.id, viewer));
    }

    // A node without the game's room (a cluster node that does not own it) reads the store every time,
    // and still applies only what is new.
    const far = counted();
    const elsewhere = new Replays({ store: far.store, live: () => undefined, maxBytes: 8 * MB });
    const a = (await elsewhere.load(room.id))!;
    expect(far.entriesRead()).toBe(a.entries.length);
    await playOn(2);
    const b = (await elsewhere.load(room.id))!;
    expect(far.entriesRead()).toBe(b.entries.length);
    a.steps.forEach((step, i) => expect(b.steps[i]).toBe(step));
    expect(answer(elsewhere, b, { kind: "spectator" })).toBe(await reference(room.id, { kind: "spectator" }));
  });

  it("is bounded: a game over the budget is not kept (it is replayed again), an unknown game is null", async () => {
    const room = await newGame("dice", 3, 0);
    await eventually(async () => expect((await store.getGame(room.id))?.status).toBe("finished"), 60_000, 50);
    const reads = counted();
    const tiny = new Replays({ store: reads.store, live: () => undefined, maxBytes: 1024 });
    const a = (await tiny.load(room.id))!;
    const b = (await tiny.load(room.id))!;
    expect(b).not.toBe(a);
    expect(reads.reads()).toBe(4);
    expect(answer(tiny, b, { kind: "spectator" })).toBe(await reference(room.id, { kind: "spectator" }));
    expect(await tiny.load("no-such-game")).toBeNull();
  });
});
