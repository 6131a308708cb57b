import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayerRepository, createRatingRepository, createTournamentRepository, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";

describe.each(BACKENDS)("ratings and tournaments on %s", (backend) => {
  let store: Store;
  let db: Database;
  beforeAll(async () => {
    store = await createStore(backend);
    db = await store.open();
  }, START_TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  it("a rated game is applied once, in one transaction with its history; an unrated game never", async () => {
    const ratings = createRatingRepository(db);
    const players = createPlayerRepository(db);
    const a = await players.createGuest("ann");
    const b = await players.createGuest("bob");
    const update = (mu: number) => (current: Map<string, { mu: number }>) =>
      [a.id, b.id].map((id, i) => ({ playerId: id, muBefore: current.get(id)?.mu ?? 25, sigmaBefore: 8, mu: mu + i, sigma: 7, ordinal: mu + i - 21, rank: i + 1 }));
    expect(await ratings.applyGame("unrated", [a.id, b.id], update(30))).toBe(false);
    await ratings.markRated("g1", "dice", "queue");
    await ratings.markRated("g1", "dice", "queue");
    expect(await ratings.ratedGame("g1")).toEqual({ game: "dice", ratedAt: null });
    expect(await ratings.applyGame("g1", [a.id, b.id], update(30))).toBe(true);
    expect(await ratings.applyGame("g1", [a.id, b.id], update(99))).toBe(false);
    await ratings.markRated("g2", "dice", "tournament");
    expect(await ratings.applyGame("g2", [a.id, b.id], update(28))).toBe(true);
    const now = await ratings.getMany([a.id, b.id, "nobody"], "dice");
    expect([...now.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(now.get(a.id)).toMatchObject({ mu: 28, sigma: 7, ordinal: 7, games: 2 });
    expect((await ratings.history(a.id, "dice")).map((h) => [h.gameId, h.muBefore, h.mu])).toEqual([
      ["g2", 30, 28],
      ["g1", 25, 30],
    ]);
    expect((await ratings.leaderboard("dice", 10, 0)).map((r) => r.name)).toEqual(["bob", "ann"]);
    expect((await ratings.ratedGame("g1"))?.ratedAt).toBeInstanceOf(Date);
  });

  it("tournaments: a transition only from the expected status, registering once, results recorded once, audit lines", async () => {
    const repo = createTournamentRepository(db);
    const t = await repo.create({ name: "Cup", game: "dice", tableSize: 4, format: "table", rounds: 2, rated: false, noShow: "bot", startsAt: new Date(0), createdBy: "alice" }, { actor: "alice", action: "create", detail: {} });
    expect(t).toMatchObject({ status: "created", currentRound: 0, players: [], games: [] });
    expect(await repo.transition(t.id, "registration", { status: "running" }, { actor: "alice", action: "start", detail: {} })).toBe(false);
    expect(await repo.transition(t.id, "created", { status: "registration" }, { actor: "alice", action: "open", detail: {} })).toBe(true);
    expect(await repo.register(t.id, { id: "p1", name: "one" })).toBe(true);
    expect(await repo.register(t.id, { id: "p1", name: "one" })).toBe(false);
    expect(await repo.register(t.id, { id: "p2", name: "two" })).toBe(true);
    expect(await repo.updatePlayer(t.id, "ghost", { checkedIn: true }, null)).toBe(false);
    await repo.seed(t.id, ["p2", "p1"], { actor: "alice", action: "seed", detail: { by: "hand" } });
    await repo.addGames(t.id, [{ round: 1, tableNo: 1, gameId: "game-1", seats: ["p2", "p1", "bot-a", "bot-b"] }]);
    const result = { team: "law", points: { p1: 6, p2: 0 }, winners: ["p1"] };
    expect(await repo.recordResult("game-1", result)).toBe(true);
    expect(await repo.recordResult("game-1", { ...result, points: { p1: 0, p2: 9 } })).toBe(false);
    expect(await repo.gameOf("game-1")).toMatchObject({ tournamentId: t.id, round: 1, seats: ["p2", "p1", "bot-a", "bot-b"], result });
    expect(await repo.gameOf("other")).toBeNull();
    const got = await repo.get(t.id);
    expect(got?.players.map((p) => [p.playerId, p.seed])).toEqual([
      ["p2", 1],
      ["p1", 2],
    ]);
    expect((await repo.auditLog(t.id)).map((a) => [a.actor, a.action])).toEqual([
      ["alice", "create"],
      ["alice", "open"],
      ["alice", "seed"],
    ]);
  });
});
