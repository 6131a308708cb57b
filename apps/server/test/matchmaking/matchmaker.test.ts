import type { ServerMessage } from "@bang/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { RoomSeat } from "../../src/games/types.js";
import { Matchmaker, MatchmakingError } from "../../src/matchmaking/matchmaker.js";
import { MemoryQueueStore } from "../../src/matchmaking/memory-store.js";
import { queueDefinition } from "../../src/matchmaking/queues.js";

const QUEUES = [
  queueDefinition.parse({ id: "four", game: "dice", minSeats: 4, maxSeats: 4, readySeconds: 1 }),
  queueDefinition.parse({ id: "other", game: "dice", minSeats: 5, maxSeats: 5, maxWaitSeconds: 1 }),
  queueDefinition.parse({ id: "pair", game: "dice_duel", minSeats: 2, maxSeats: 2, botsAfterSeconds: 1, readySeconds: 1 }),
];

/** A matchmaker on the in-memory store with a clock the test moves, recording what each player receives. */
function setup(playing: ReadonlySet<string> = new Set()) {
  let clock = 1_000_000;
  const inbox = new Map<string, ServerMessage[]>();
  const started: RoomSeat[][] = [];
  const games: string[] = [];
  const rated: string[] = [];
  const store = new MemoryQueueStore();
  const mm = new Matchmaker({
    queues: QUEUES,
    store,
    ordinals: async (ids, game) => {
      rated.push(game);
      return new Map(ids.map((id) => [id, 0]));
    },
    startGame: async ({ queue, seats }) => {
      started.push(seats);
      games.push(queue.game);
      return { gameId: `game-${started.length}` };
    },
    notify: (id, m) => inbox.set(id, [...(inbox.get(id) ?? []), m]),
    inGame: (id) => playing.has(id),
    tickMs: 0,
    now: () => clock,
  });
  return { mm, store, inbox, started, games, rated, advance: (ms: number) => (clock += ms), now: () => clock };
}

const players = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `p${from + i}`, name: `player ${from + i}` }));
const matchFound = (msgs: ServerMessage[] | undefined) => msgs?.filter((m): m is Extract<ServerMessage, { type: "matchFound" }> => m.type === "matchFound") ?? [];
const lastStatus = (msgs: ServerMessage[] | undefined) => msgs?.filter((m): m is Extract<ServerMessage, { type: "queue" }> => m.type === "queue").at(-1)?.status;

let current: Matchmaker | null = null;
afterEach(() => current?.dispose());

describe("Matchmaker", () => {
  it("a confirmed match starts one game with every player; nobody can queue twice meanwhile", async () => {
    const { mm, inbox, started } = setup();
    current = mm;
    for (const p of players(4)) await mm.join(p, "four");
    await expect(mm.join(players(1)[0]!, "other")).rejects.toMatchObject({ code: "ALREADY_QUEUED" });
    expect(await mm.tick()).toBe(1);
    const found = matchFound(inbox.get("p0"))[0]!;
    expect(found.players.map((p) => p.id).sort()).toEqual(["p0", "p1", "p2", "p3"]);
    // In the ready check: still one queue at a time.
    await expect(mm.join(players(1)[0]!, "four")).rejects.toMatchObject({ code: "ALREADY_QUEUED" });
    for (const p of players(4)) await mm.confirm(p.id, found.matchId, true);
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveLength(1);
    expect(started[0]!.map((s) => s.playerId).sort()).toEqual(["p0", "p1", "p2", "p3"]);
    expect(lastStatus(inbox.get("p2"))).toEqual({ state: "playing", queueId: "four", gameId: "game-1" });
    // After the start they are free again.
    expect(await mm.status("p0")).toEqual({ state: "idle" });
  });

  it("a queue plays its game: ratings are read in it, its games are of it; a lone player of a 2-seat game gets one bot opponent", async () => {
    const { mm, inbox, started, games, rated, advance } = setup();
    current = mm;
    await mm.join({ id: "solo", name: "solo" }, "pair");
    expect(rated).toEqual(["dice_duel"]);
    expect(await mm.tick()).toBe(0);
    advance(1_000);
    expect(await mm.tick()).toBe(1);
    const found = matchFound(inbox.get("solo"))[0]!;
    expect(found).toMatchObject({ queueId: "pair", bots: 1 });
    await mm.confirm("solo", found.matchId, true);
    await new Promise((r) => setTimeout(r, 10));
    expect(games).toEqual(["dice_duel"]);
    expect(started[0]!.map((s) => [s.playerId === "solo", s.bot])).toEqual([
      [true, null],
      [false, "heuristic"],
    ]);
  });

  it("one game at a time: a player who started another game since joining is out at the start, the others go back in", async () => {
    const playing = new Set<string>();
    const { mm, inbox, started } = setup(playing);
    current = mm;
    for (const p of players(4)) await mm.join(p, "four");
    await mm.tick();
    const found = matchFound(inbox.get("p0"))[0]!;
    playing.add("p1"); // p1 started a private table's game meanwhile
    for (const p of players(4)) await mm.confirm(p.id, found.matchId, true);
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveLength(0);
    expect(lastStatus(inbox.get("p1"))).toMatchObject({ state: "idle", reason: "alreadyPlaying" });
    for (const id of ["p0", "p2", "p3"]) expect(await mm.status(id)).toMatchObject({ state: "queued", queueId: "four" });
  });

  it("the ready check: whoever does not confirm in time goes out, the others go back in with their join time", async () => {
    const { mm, inbox, started, advance } = setup();
    current = mm;
    const joined = new Map<string, number>();
    for (const p of players(4)) {
      const s = await mm.join(p, "four");
      if (s.state === "queued") joined.set(p.id, s.joinedAt);
      advance(100);
    }
    await mm.tick();
    const { matchId } = matchFound(inbox.get("p0"))[0]!;
    for (const id of ["p0", "p1", "p2"]) await mm.confirm(id, matchId, true);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(started).toHaveLength(0);
    expect(lastStatus(inbox.get("p3"))).toMatchObject({ state: "idle", reason: "readyTimeout" });
    for (const id of ["p0", "p1", "p2"]) {
      const s = await mm.status(id);
      expect(s).toMatchObject({ state: "queued", queueId: "four", joinedAt: joined.get(id) });
      expect(lastStatus(inbox.get(id))).toMatchObject({ state: "queued", joinedAt: joined.get(id) });
    }
    expect(await mm.status("p3")).toEqual({ state: "idle" });
    await expect(mm.confirm("p0", matchId, true)).rejects.toMatchObject({ code: "MATCH_NOT_FOUND" });
    // A fourth player arrives: the three who waited are matched again.
    await mm.join({ id: "p9", name: "late" }, "four");
    await mm.tick();
    expect(matchFound(inbox.get("p9"))[0]!.players.map((p) => p.id).sort()).toEqual(["p0", "p1", "p2", "p9"]);
  });

  it("declining, leaving and disconnecting", async () => {
    const { mm, inbox } = setup();
    current = mm;
    for (const p of players(4)) await mm.join(p, "four");
    await mm.tick();
    const { matchId } = matchFound(inbox.get("p0"))[0]!;
    expect(await mm.confirm("p1", matchId, false)).toEqual({ state: "idle", reason: "declined" });
    expect((await mm.status("p0")).state).toBe("queued");
    await mm.disconnected("p0");
    expect(await mm.status("p0")).toEqual({ state: "idle" });
    expect(await mm.leave("p2")).toEqual({ state: "idle", reason: "left" });
    await expect(mm.leave("p2")).rejects.toMatchObject({ code: "NOT_QUEUED" });
    await expect(mm.join({ id: "x", name: "x" }, "nope")).rejects.toBeInstanceOf(MatchmakingError);
    expect(await mm.waiting("four")).toBe(1);
  });

  it("a maximum wait sends the player out with a clear message", async () => {
    const { mm, inbox, advance } = setup();
    current = mm;
    await mm.join({ id: "w", name: "w" }, "other");
    await mm.tick();
    expect((await mm.status("w")).state).toBe("queued");
    advance(1_000);
    await mm.tick();
    expect(await mm.status("w")).toEqual({ state: "idle" });
    expect(lastStatus(inbox.get("w"))).toMatchObject({ state: "idle", reason: "maxWait", message: expect.stringContaining("1 s") });
  });
});
