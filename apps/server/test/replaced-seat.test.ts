/**
 * An admin gave a player's seat to the bot, and the game then moved to another owner (a cluster
 * failover or drain) whose room knows the seat only as the stored bot seat: the owner itself refuses
 * the player's commands (NOT_SEATED), whatever the forwarding node's older copy of the game says.
 * On the real store (PGlite in a temporary DATA_DIR).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dice, playerView, type GameState } from "@bang/game-dice";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameHost } from "../src/games/host.js";
import { createMetrics } from "../src/games/metrics.js";
import type { RoomSeat } from "../src/games/types.js";
import { openStore } from "../src/persistence/prisma-store.js";
import { chooseFor } from "./support/players.js";
import type { GameStore } from "../src/persistence/store.js";

let dir: string;
let store: GameStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "bang-replaced-"));
  store = await openStore({ DATA_DIR: dir, DATABASE_URL: undefined, LOG_BATCH_MAX: 64, LOG_BATCH_DELAY_MS: 1 });
}, 120_000);
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a seat given to the bot, after the game moved", () => {
  it("the new owner's room refuses the replaced player's command NOT_SEATED and stores nothing; the other players play on", async () => {
    const log = pino({ level: "silent" });
    const timings = { botDelayMs: 60_000, disconnectGraceMs: 600_000 };
    const people = [await store.createGuest("Ann"), await store.createGuest("Bob"), await store.createGuest("Cid")];
    const seats: RoomSeat[] = people.map((p, index) => ({ index, playerId: p.id, name: p.name, bot: null }));
    const ann = people[0]!.id;
    const first = new GameHost(store, timings, createMetrics(() => 0), log);
    const room = await first.createGame({ game: "dice", seats, tableCode: null, turnSeconds: 600 });
    const gameId = room.id;
    await first.drain();
    first.dispose();

    // What the store holds once an admin gave ann's seat to the bot, and what a new owner opens.
    const stored = seats.map((s) => (s.playerId === ann ? { ...s, bot: "heuristic" as const } : s));
    const next = new GameHost(store, timings, createMetrics(() => 0), log);
    const moved = next.openRoom({ id: gameId, game: "dice", setup: room.setup, seats: stored, tableCode: null, entries: await store.loadLog(gameId), turnSeconds: 600 });
    const waiting = playerView(moved.state as GameState, { kind: "spectator" }).waitingFor[0];
    expect(await moved.submit(ann, "a-1", { type: "roll" })).toMatchObject({ ok: false, code: "NOT_SEATED" });
    expect(await store.loadLog(gameId)).toEqual([]);
    // A person still seated plays as before (when it is their turn), under the same id even.
    if (waiting !== ann) {
      const move = chooseFor(dice.bots.heuristic(1), playerView(moved.state as GameState, { kind: "player", id: waiting! }), waiting!);
      expect(await moved.submit(waiting!, "a-1", move)).toEqual({ ok: true, seq: 1 });
    }
    next.dispose();
  });
});
