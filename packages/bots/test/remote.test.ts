/**
 * The load generator against a small game server (test/fakeGameServer.ts) that hosts real games through
 * their modules: each client plays its seat with its game module's bot from its own view, a game is over
 * when its view waits for nobody, tables name their game, and bad options are refused before any
 * connection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replay, type GameResult } from "@bang/game-core";
import { gameById } from "@bang/games";
import type { WireServerMessage } from "@bang/protocol";
import { defaultPlayers, playRemoteTable, runLoad, wireCommand } from "../src/index.js";
import { FakeGameServer } from "./fakeGameServer.js";

let server: FakeGameServer;

beforeEach(async () => {
  server = await FakeGameServer.start();
});
afterEach(async () => {
  await server.close();
});

/** The result of the server's only game so far, whose log replays to its state (it was played by the rules). */
function finished(): GameResult {
  const [game] = server.games();
  if (!game) throw new Error("no game played");
  const states = replay(game.module, { game: game.module.id, setup: game.setup, entries: game.log.map((command) => ({ command })) });
  expect(states.at(-1)).toEqual(game.state);
  const result = game.module.result(game.state);
  expect(result).not.toBeNull();
  return result!;
}

describe("playRemoteTable", () => {
  it("plays a dice table to its end: every seat a client, the table created with its game, every view waiting for nobody at the end", async () => {
    const seen: WireServerMessage[] = [];
    const result = await playRemoteTable({ url: server.url, game: "dice", players: 3, seed: 7, onMessage: (_, m) => void seen.push(m) });
    expect(result.game).toBe("dice");
    const [game] = server.games();
    expect(result.gameId).toBe(game!.id);
    expect(result.seq).toBe(game!.log.length);
    expect(result.commands).toBe(game!.log.length); // no server bot: every command is a client's
    expect(result.latenciesMs).toHaveLength(result.commands);
    expect(result.views.size).toBe(3);
    for (const [me, view] of result.views) {
      expect(view.waitingFor).toEqual([]);
      expect(view.viewer).toEqual({ kind: "player", id: me });
    }
    expect(finished().ranking.flatMap((side) => side.players).sort()).toEqual([...result.views.keys()].sort());
    const created = server.received.find((r) => r.message.type === "createTable")!.message;
    expect(created).toMatchObject({ type: "createTable", options: { game: "dice", seats: 3, botKind: "heuristic", turnSeconds: 60, gameOptions: {} } });
    // Commands go on the wire without `by`; every snapshot and event names the game.
    for (const r of server.received) if (r.message.type === "command") expect(r.message.command).not.toHaveProperty("by");
    expect(seen.filter((m) => m.type === "snapshot" || m.type === "event").every((m) => (m as { game: string }).game === "dice")).toBe(true);
  });

  it("leaves no stall timer behind: each seat's waits end with its game (their timer would hold the process for the stall time)", async () => {
    // The seats' stall time: turnSeconds 61 s + commandTimeoutMs 30 s, a delay no other timer has.
    const STALL_MS = 91_000;
    const made: unknown[] = [];
    const cleared = new Set<unknown>();
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    const setSpy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = realSetTimeout(callback, ms, ...args);
      if (ms === STALL_MS) made.push(timer);
      return timer;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, "clearTimeout").mockImplementation(((timer?: Parameters<typeof clearTimeout>[0]) => {
      cleared.add(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout);
    try {
      const result = await playRemoteTable({ url: server.url, game: "dice", players: 3, seed: 5, turnSeconds: 61 });
      expect(result.commands).toBeGreaterThan(0);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
    // One re-armed timer per seat (not one per state), each cleared at the end.
    expect(made).toHaveLength(3);
    for (const timer of made) expect(cleared.has(timer)).toBe(true);
  });

  it("R8.9 plays a duel, whose secret picks wait for both players at once", async () => {
    const result = await playRemoteTable({ url: server.url, game: "dice_duel", botKind: "random", seed: 3 });
    expect(result.game).toBe("dice_duel");
    expect(result.views.size).toBe(2); // the game's default table: its 2 seats
    expect(finished().ranking.map((side) => side.place)).toEqual([1, 2]);
    const picks = server.games()[0]!.log.filter((c) => c.type === "pick");
    expect(picks.length).toBeGreaterThan(0);
  });

  it("leaves the other seats to the server's bots when humans < players", async () => {
    const result = await playRemoteTable({ url: server.url, game: "dice", players: 5, humans: 2, seed: 11 });
    expect(result.views.size).toBe(2);
    const [game] = server.games();
    expect(game!.bots.size).toBe(3);
    expect(result.commands).toBeLessThan(game!.log.length);
    expect(result.seq).toBe(game!.log.length);
    finished();
  });

  it("refuses, before any connection, a game the registry does not have and seats outside the game's range", async () => {
    const url = "http://127.0.0.1:9";
    await expect(playRemoteTable({ url, game: "poker" })).rejects.toThrow(/^playRemoteTable: game: unknown game "poker"/);
    await expect(playRemoteTable({ url, game: "dice_duel", players: 3 })).rejects.toThrow(/players must be an integer from 2 to 2, got 3/);
    await expect(playRemoteTable({ url, game: "dice", players: 9 })).rejects.toThrow(/players must be an integer from 3 to 8, got 9/);
    await expect(playRemoteTable({ url, game: "dice", players: 4, humans: 5 })).rejects.toThrow(/humans/);
    expect(server.received).toEqual([]);
  });
});

describe("runLoad", () => {
  it("plays tables of the game it is given and sums them up", async () => {
    const done: number[] = [];
    const summary = await runLoad({ url: server.url, game: "dice", tables: 3, concurrent: 2, players: 4, seed: 5, onTable: (o) => void done.push(o.index) });
    expect(summary).toMatchObject({ game: "dice", players: 4, humans: 4, tables: 3, finished: 3, failed: 0, concurrent: 2, errors: [] });
    expect(done.sort()).toEqual([0, 1, 2]);
    expect(summary.gameCommands).toBe(server.games().reduce((n, g) => n + g.log.length, 0));
    expect(summary.commands).toBe(summary.gameCommands);
    expect(summary.latencyMs.samples).toBe(summary.commands);
    for (const game of server.games()) expect(game.module.result(game.state)).not.toBeNull();
  });

  it("defaults the seats to the game's smallest ranked table", async () => {
    const summary = await runLoad({ url: server.url, game: "dice_duel", tables: 1 });
    expect(summary).toMatchObject({ game: "dice_duel", players: 2, finished: 1 });
  });

  it("refuses a game the registry does not have before any connection, naming game", async () => {
    await expect(runLoad({ url: "http://127.0.0.1:9", game: "poker", tables: 1 })).rejects.toThrow(RangeError);
    await expect(runLoad({ url: "http://127.0.0.1:9", game: "", tables: 1 })).rejects.toThrow(/^runLoad: game: /);
  });
});

describe("helpers", () => {
  it("wireCommand strips `by` and keeps the rest", () => {
    expect(wireCommand({ type: "reroll", by: "p1", indexes: [0, 2] } as never)).toEqual({ type: "reroll", indexes: [0, 2] });
    expect(wireCommand({ type: "pick", by: "a", card: "sheriff" } as never)).toEqual({ type: "pick", card: "sheriff" });
  });

  it("defaultPlayers is a game's smallest ranked table, else its smallest", () => {
    expect(defaultPlayers(gameById("dice"))).toBe(4);
    expect(defaultPlayers(gameById("dice_duel"))).toBe(2);
    expect(defaultPlayers({ seats: { min: 3, max: 6 } })).toBe(3);
  });
});
