/**
 * The admin relay (cluster/admin-relay.ts) over in-process buses standing for three nodes: the live
 * list gathers every node's games and names the node that does not answer; actions reach the lease
 * owner (a game's presence is read there), are retried while the game has no owner, and end with
 * GAME_NOT_FOUND or RETRY; an admin's end of a running game that no node holds is done by the node asked.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LiveGame } from "../../src/admin/live.js";
import type { AdminOutcome, OwnerActions, OwnerOutcome } from "../../src/admin/games.js";
import { adminRequestHandler, createAdminRelay, LIVE_TIMEOUT_MS } from "../../src/cluster/admin-relay.js";
import { createInProcessBus, createInProcessHub, type MessageBus } from "../../src/cluster/bus.js";
import type { LiveNode } from "../../src/cluster/membership.js";
import { uniqueKeys } from "./support.js";

const game = (id: string, node: string): LiveGame => ({ id, game: "dice", tableCode: null, node, phase: "rolling", turnNumber: 1, waitingFor: ["ann"], seq: 0, players: [], createdAt: null, ageSeconds: null });
const member = (nodeId: string): LiveNode => ({ nodeId, url: `http://${nodeId}`, startedAt: 0, load: 0, expiresInMs: 1000 });

/** A node's own games and rooms: `owns` lists the games it holds; every action is recorded. */
function fakeOwner(nodeId: string, owns: string[], calls: string[]): OwnerActions {
  const act = async (what: string, gameId: string, outcome: AdminOutcome): Promise<OwnerOutcome> => {
    if (!owns.includes(gameId)) return "NOT_HERE";
    calls.push(`${nodeId}:${what}:${gameId}`);
    return outcome;
  };
  return {
    liveHere: () => owns.map((id) => game(id, nodeId)),
    end: (gameId, admin) => act(`end by ${admin}`, gameId, { ok: true }),
    replaceByBot: (gameId, playerId) => act(`bot ${playerId}`, gameId, playerId === "p1" ? { ok: true } : { ok: false, code: "NOT_SEATED", message: `${playerId} is not seated` }),
    presence: (gameId) => {
      if (!owns.includes(gameId)) return "NOT_HERE";
      calls.push(`${nodeId}:presence:${gameId}`);
      return { ok: true, presence: { gameId, node: nodeId, turnMs: 60_000, seats: [{ id: "p1", name: "Ann", bot: null, connected: true, away: false, replaced: false, remainingMs: 41_000 }] } };
    },
  };
}

const buses: MessageBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

/** Nodes n1..n3 on one hub; n3 is a member that never answers (paused). The relay runs on n1. */
async function threeNodes(owners: { ownerOf(gameId: string): Promise<string | null>; running?: (gameId: string) => boolean; unheld?: (gameId: string) => AdminOutcome | "held" }) {
  const keys = uniqueKeys("admin-relay");
  const hub = createInProcessHub();
  const calls: string[] = [];
  const [b1, b2] = [createInProcessBus({ keys, hub }), createInProcessBus({ keys, hub })];
  buses.push(b1, b2);
  const owned = { n1: ["g1"], n2: ["g2", "g3"] };
  await b2.serve("n2", adminRequestHandler(fakeOwner("n2", owned.n2, calls)));
  const relay = createAdminRelay({
    nodeId: "n1",
    bus: b1,
    owner: fakeOwner("n1", owned.n1, calls),
    liveNodes: async () => [member("n1"), member("n2"), member("n3")],
    ownerOf: owners.ownerOf,
    isRunning: async (gameId) => owners.running?.(gameId) ?? false,
    async endUnheld(gameId, admin) {
      // Default: another node took the game meanwhile.
      const outcome = owners.unheld?.(gameId) ?? "held";
      calls.push(`n1:unheld end by ${admin}:${gameId}:${outcome === "held" ? "held" : outcome.ok}`);
      return outcome;
    },
    retryBudgetMs: 600,
  });
  return { relay, calls };
}

describe("the admin relay", () => {
  it("lists the games of every node that answers and names the one that does not", async () => {
    const { relay } = await threeNodes({ ownerOf: async () => null });
    const started = performance.now();
    const live = await relay.live();
    expect(live.games.map((g) => `${g.node}/${g.id}`).sort()).toEqual(["n1/g1", "n2/g2", "n2/g3"]);
    expect(live.missing).toEqual(["n3"]);
    // The nodes are asked in parallel: one timeout, not one per node.
    expect(performance.now() - started).toBeLessThan(2 * LIVE_TIMEOUT_MS);
  });

  it("sends an action to the game's owner, and runs it here when this node owns it", async () => {
    const { relay, calls } = await threeNodes({ ownerOf: async (id) => (id === "g1" ? "n1" : "n2") });
    expect(await relay.end("g2", "ops")).toEqual({ ok: true });
    expect(await relay.replaceByBot("g3", "p1", "ops")).toEqual({ ok: true });
    expect(await relay.replaceByBot("g3", "p9", "ops")).toMatchObject({ ok: false, code: "NOT_SEATED" });
    expect(await relay.end("g1", "ops")).toEqual({ ok: true });
    expect(calls).toEqual(["n2:end by ops:g2", "n2:bot p1:g3", "n2:bot p9:g3", "n1:end by ops:g1"]);
  });

  it("reads a game's presence on its owner (only its room counts every node's sockets and runs the timers)", async () => {
    const { relay, calls } = await threeNodes({ ownerOf: async (id) => (id === "g1" ? "n1" : id === "nope" ? null : "n2"), running: () => false });
    expect(await relay.presence("g2")).toMatchObject({ ok: true, presence: { gameId: "g2", node: "n2", seats: [{ id: "p1", connected: true, remainingMs: 41_000 }] } });
    expect(await relay.presence("g1")).toMatchObject({ ok: true, presence: { node: "n1" } });
    expect(await relay.presence("nope")).toMatchObject({ ok: false, code: "GAME_NOT_FOUND" });
    expect(calls).toEqual(["n2:presence:g2", "n1:presence:g1"]);
  });

  it("while a game has no owner it looks again; a game the store does not run is GAME_NOT_FOUND; a game that never settles is RETRY", async () => {
    let lookups = 0;
    const { relay, calls } = await threeNodes({
      // g2 moves: no lease for the first lookups, then n2 holds it. g9 runs but is never claimed.
      ownerOf: async (id) => (id === "g2" && ++lookups > 2 ? "n2" : null),
      running: (id) => id === "g2" || id === "g9",
    });
    expect(await relay.end("g2", "ops")).toEqual({ ok: true });
    expect(lookups).toBe(3);
    expect(await relay.end("nope", "ops")).toMatchObject({ ok: false, code: "GAME_NOT_FOUND" });
    const started = performance.now();
    expect(await relay.replaceByBot("g9", "p1", "ops")).toMatchObject({ ok: false, code: "RETRY" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
    // Each look that found g2 without a lease tried to end it here, and found it taken.
    expect(calls).toEqual(["n1:unheld end by ops:g2:held", "n1:unheld end by ops:g2:held", "n2:end by ops:g2"]);
  });

  it("an admin's end of a running game that no node holds is done here, at the first look (no owner may ever come)", async () => {
    const { relay, calls } = await threeNodes({ ownerOf: async () => null, running: (id) => id === "g9", unheld: () => ({ ok: true }) });
    const started = performance.now();
    expect(await relay.end("g9", "ops")).toEqual({ ok: true });
    expect(performance.now() - started).toBeLessThan(300);
    // Not for a game the store does not run, and no other action is done without its owner.
    expect(await relay.end("nope", "ops")).toMatchObject({ ok: false, code: "GAME_NOT_FOUND" });
    expect(await relay.replaceByBot("g9", "p1", "ops")).toMatchObject({ ok: false, code: "RETRY" });
    expect(calls).toEqual(["n1:unheld end by ops:g9:true"]);
  });

  it("an owner that no longer holds the game (NOT_HERE) makes the relay look again", async () => {
    // The lease still names n2 although n2 dropped g4: the relay keeps asking until its budget is spent.
    const { relay, calls } = await threeNodes({ ownerOf: async () => "n2", running: () => true });
    expect(await relay.replaceByBot("g4", "p1", "ops")).toMatchObject({ ok: false, code: "RETRY" });
    expect(calls).toEqual([]);
  });
});
