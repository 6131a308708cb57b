/** The admin building blocks on their own: the sign-in throttle (injected clock), statistics, sessions. */
import { ReplayError, type AnyGameModule, type CommandBase, type SetupBase } from "@bang/game-core";
import { dice } from "@bang/game-dice";
import { diceDuel } from "@bang/game-dice-duel";
import type { GameCommand } from "@bang/protocol";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { liveGame, matchesLive } from "../src/admin/live.js";
import { timelineOf } from "../src/admin/timeline.js";
import { GameRoom } from "../src/games/room.js";
import type { GameStore } from "../src/persistence/store.js";
import { createAdminSessions } from "../src/admin/sessions.js";
import { computeStatistics } from "../src/admin/stats.js";
import { MemorySignInThrottle } from "../src/admin/throttle.js";

describe("MemorySignInThrottle", () => {
  it("lets 3 failures through, then locks 1 s, 2 s, 4 s... capped, per key; a success clears the name", async () => {
    let now = 0;
    const t = new MemorySignInThrottle({ freeFailures: 3, baseLockMs: 1000, maxLockMs: 4000, forgetAfterMs: 60_000 }, () => now);
    const keys = ["name:a", "ip:1"];
    expect([await t.failed(keys), await t.failed(keys), await t.failed(keys)]).toEqual([0, 0, 0]);
    expect(await t.retryAfterMs(keys)).toBe(0);
    expect(await t.failed(keys)).toBe(1000);
    expect(await t.retryAfterMs(["name:a"])).toBe(1000);
    expect(await t.retryAfterMs(["name:b"])).toBe(0);
    now += 1000;
    expect(await t.retryAfterMs(keys)).toBe(0);
    expect(await t.failed(keys)).toBe(2000);
    expect(await t.failed(keys)).toBe(4000);
    expect(await t.failed(keys)).toBe(4000);
    await t.succeeded("name:a");
    expect(await t.retryAfterMs(["name:a"])).toBe(0);
    expect(await t.retryAfterMs(["ip:1"])).toBe(4000);
  });

  it("forgets a key with no failure for forgetAfterMs once its lock is over", async () => {
    let now = 0;
    const t = new MemorySignInThrottle({ freeFailures: 1, baseLockMs: 1000, maxLockMs: 8000, forgetAfterMs: 5000 }, () => now);
    expect(await t.failed(["ip:1"])).toBe(0);
    expect(await t.failed(["ip:1"])).toBe(1000);
    now += 4000;
    expect(await t.failed(["ip:1"])).toBe(2000); // still remembered: the third failure doubles
    now += 5001;
    expect(await t.failed(["ip:1"])).toBe(0); // forgotten: a first failure again
  });

  it("one check at a time per key: a claim refuses another on a shared key until released (by its holder) or expired", async () => {
    let now = 0;
    const t = new MemorySignInThrottle(undefined, () => now);
    const first = await t.claim(["name:a", "ip:1"], 10_000);
    expect(first).toMatchObject({ ok: true, token: expect.any(String) });
    expect(await t.claim(["name:b", "ip:1"], 10_000)).toEqual({ ok: false, reason: "checking" });
    expect(await t.claim(["name:b", "ip:2"], 10_000)).toMatchObject({ ok: true });
    if (!first.ok) throw new Error("claimed above");
    await t.release(["name:a", "ip:1"], first.token);
    const second = await t.claim(["name:a", "ip:1"], 10_000);
    expect(second).toMatchObject({ ok: true });
    now += 10_001;
    // The second claim expired; a third takes its keys, and the second's late release leaves them be.
    const third = await t.claim(["name:a", "ip:3"], 10_000);
    expect(third).toMatchObject({ ok: true });
    if (!second.ok) throw new Error("claimed above");
    await t.release(["name:a", "ip:1"], second.token);
    expect(await t.claim(["name:a"], 10_000)).toEqual({ ok: false, reason: "checking" });
  });

  it("a claim is refused while a key is locked, with the wait: no check runs during a lockout", async () => {
    let now = 0;
    const t = new MemorySignInThrottle({ freeFailures: 1, baseLockMs: 1000, maxLockMs: 8000, forgetAfterMs: 60_000 }, () => now);
    await t.failed(["ip:1"]);
    await t.failed(["ip:1"]);
    expect(await t.claim(["name:a", "ip:1"], 10_000)).toEqual({ ok: false, reason: "locked", retryAfterMs: 1000 });
    now += 1000;
    expect(await t.claim(["name:a", "ip:1"], 10_000)).toMatchObject({ ok: true });
  });
});

describe("admin sessions", () => {
  it("issue a token that checks; another secret is invalid; a guest token is not a session", () => {
    const s = createAdminSessions("secret-0123456789abcdef", 60);
    const { token, expiresAt } = s.issue({ id: "a1", name: "root" });
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(s.check(token)).toMatchObject({ ok: true, session: { adminId: "a1", name: "root" } });
    expect(createAdminSessions("other-secret-0123456789", 60).check(token)).toEqual({ ok: false, problem: "invalid" });
    expect(s.check(null)).toEqual({ ok: false, problem: "missing" });
    expect(s.check("not.a.jwt")).toEqual({ ok: false, problem: "invalid" });
  });
});

describe("computeStatistics", () => {
  it("R5.2: counts a win for every winner seat, by each of the game's facets (dice: role, character); length and activity per day", () => {
    const setup = dice.setupFor({ players: ["a", "b", "c", "d", "e"], seed: 7, options: {} });
    const dealt = dice.create(setup);
    if (!dealt.ok) throw new Error("setup");
    const law = dealt.state.players.filter((p) => p.role === "sheriff" || p.role === "deputy").map((p) => p.id);
    const outlaws = dealt.state.players.filter((p) => p.role === "outlaw").map((p) => p.id);
    const t0 = new Date("2026-11-30T10:00:00Z");
    const stats = computeStatistics([dice], [
      { id: "g1", game: "dice", setup, winner: { team: "law", players: law }, createdAt: t0, finishedAt: new Date("2026-11-30T10:10:00Z"), lastSeq: 40 },
      { id: "g2", game: "dice", setup, winner: { team: "outlaws", players: outlaws }, createdAt: new Date("2026-12-01T00:00:00Z"), finishedAt: new Date("2026-12-01T00:20:00Z"), lastSeq: 120 },
      { id: "g3", game: "dice", setup, winner: null, createdAt: t0, finishedAt: null, lastSeq: 3 },
      // Another game's (no module given for it), and a setup that no longer deals: skipped, each on its game's line.
      { id: "g4", game: "dice_duel", setup, winner: { team: "law", players: law }, createdAt: t0, finishedAt: t0, lastSeq: 9 },
      { id: "g5", game: "dice", setup: { players: [{ id: "solo" }], seed: 1 }, winner: { team: "law", players: ["solo"] }, createdAt: t0, finishedAt: t0, lastSeq: 9 },
    ]);
    expect(stats.games).toBe(2);
    expect(stats.covers).toEqual([
      { game: "dice", name: dice.name, games: 2, skipped: 2 },
      { game: "dice_duel", name: "dice_duel", games: 0, skipped: 1 },
    ]);
    expect(stats.byFacet.map((f) => [f.game, f.facet])).toEqual([
      ["dice", "role"],
      ["dice", "character"],
    ]);
    const byRole = stats.byFacet.find((f) => f.facet === "role")!.rows;
    expect(byRole.find((r) => r.key === "sheriff")).toEqual({ key: "sheriff", played: 2, won: 1, rate: 0.5 });
    expect(byRole.find((r) => r.key === "outlaw")).toEqual({ key: "outlaw", played: 4, won: 2, rate: 0.5 });
    expect(byRole.find((r) => r.key === "renegade")).toEqual({ key: "renegade", played: 2, won: 0, rate: 0 });
    expect(stats.byFacet.find((f) => f.facet === "character")!.rows.reduce((n, r) => n + r.played, 0)).toBe(10);
    expect(stats.byTeam).toEqual([
      { game: "dice", team: "law", games: 1 },
      { game: "dice", team: "outlaws", games: 1 },
    ]);
    expect(stats.activity).toEqual([{ day: "2026-11-30", games: 1 }, { day: "2026-12-01", games: 1 }]);
    expect(stats.length.averageCommands).toBe(80);
    expect(stats.length.averageMinutes).toBe(15);
    expect(stats.length.buckets.find((b) => b.commands === "<=50")!.games).toBe(1);
    expect(stats.length.buckets.find((b) => b.commands === "<=150")!.games).toBe(1);
  });

  it("a game without facets (dice_duel) still counts its games, wins by team, length and activity", () => {
    const setup = diceDuel.setupFor({ players: ["x", "y"], seed: 3, options: {} });
    const t0 = new Date("2026-11-30T10:00:00Z");
    const stats = computeStatistics([diceDuel], [{ id: "d1", game: "dice_duel", setup, winner: { team: "duel", players: ["x"] }, createdAt: t0, finishedAt: new Date("2026-11-30T10:03:00Z"), lastSeq: 30 }]);
    expect(stats).toMatchObject({ games: 1, covers: [{ game: "dice_duel", games: 1, skipped: 0 }], byFacet: [], byTeam: [{ game: "dice_duel", team: "duel", games: 1 }], activity: [{ day: "2026-11-30", games: 1 }] });
    expect(stats.length.averageMinutes).toBe(3);
  });

  it("every game at once: each game hosted has its line (one with no game says 0), duels (R8.10) and dice games are both counted", () => {
    const diceSetup = dice.setupFor({ players: ["a", "b", "c", "d", "e"], seed: 7, options: {} });
    const duelSetup = diceDuel.setupFor({ players: ["x", "y"], seed: 3, options: {} });
    const t0 = new Date("2026-11-30T10:00:00Z");
    const nothing = { ...diceDuel, id: "other_game", name: "Other game" };
    const stats = computeStatistics(
      [dice, diceDuel, nothing],
      [
        { id: "g1", game: "dice", setup: diceSetup, winner: { team: "outlaws", players: ["a"] }, createdAt: t0, finishedAt: t0, lastSeq: 60 },
        { id: "d1", game: "dice_duel", setup: duelSetup, winner: { team: "duel", players: ["y"] }, createdAt: t0, finishedAt: t0, lastSeq: 20 },
        { id: "d2", game: "dice_duel", setup: duelSetup, winner: { team: "duel", players: ["x"] }, createdAt: t0, finishedAt: t0, lastSeq: 20 },
      ],
    );
    expect(stats.games).toBe(3);
    expect(stats.covers.map((c) => [c.game, c.games, c.skipped])).toEqual([
      ["dice", 1, 0],
      ["dice_duel", 2, 0],
      ["other_game", 0, 0],
    ]);
    expect(stats.byTeam).toEqual([
      { game: "dice_duel", team: "duel", games: 2 },
      { game: "dice", team: "outlaws", games: 1 },
    ]);
    // Facets stay per game: the duel has none, the dice game's are its own.
    expect(new Set(stats.byFacet.map((f) => f.game))).toEqual(new Set(["dice"]));
    expect(stats.activity).toEqual([{ day: "2026-11-30", games: 3 }]);
  });
});

/** A room of `module` on a store that keeps nothing (its timers far away), for the live summary. */
function roomOf(module: AnyGameModule, names: string[], seed: number, bot: string | null = null): GameRoom {
  const seats = names.map((name, index) => ({ index, playerId: `id-${name}`, name, bot: index === names.length - 1 && bot ? ("heuristic" as const) : null }));
  const setup = module.setupFor({ players: seats.map((s) => s.playerId), seed, options: {} });
  const store = { append: async () => undefined } as unknown as GameStore;
  const metrics = { commandAccepted: () => undefined, commandRefused: () => undefined, gameFinished: () => undefined };
  return GameRoom.open({ id: `game-${module.id}`, module, setup, seats, tableCode: "ABCD", entries: [], store, timings: { turnMs: 600_000, botDelayMs: 600_000, disconnectGraceMs: 600_000 }, metrics, log: pino({ level: "silent" }) });
}

/** Plays the module's heuristic bot for whoever must act until `until` holds (at most 200 commands). */
async function playUntil(room: GameRoom, until: (room: GameRoom) => boolean): Promise<void> {
  for (let n = 0; n < 200 && !until(room); n++) {
    const me = room.module.toAct(room.state)[0]!;
    const { by: _by, ...command } = room.module.bots.heuristic(n).choose(room.module.view(room.state, { kind: "player", id: me }), me) as CommandBase;
    expect(await room.submit(me, `c-${n}`, command as GameCommand)).toMatchObject({ ok: true });
  }
  expect(until(room)).toBe(true);
}

describe("live games", () => {
  it("a dice game: its phase, turn, the name of the seat it waits for, each seat out or not with its status line (the module's summary)", async () => {
    const room = roomOf(dice, ["Ann", "Bob", "Cid", "Dan"], 11, "heuristic");
    const created = new Date(Date.now() - 90_000);
    const live = liveGame(room, "node-a", created, Date.now());
    const summary = room.module.summary(room.state);
    const awaited = room.module.toAct(room.state).map((id) => room.seats.find((s) => s.playerId === id)!.name);
    expect(live).toMatchObject({ id: "game-dice", game: "dice", tableCode: "ABCD", node: "node-a", phase: room.phase, turnNumber: summary.turn, waitingFor: awaited, seq: 0, createdAt: created.toISOString(), ageSeconds: 90 });
    expect(awaited).toHaveLength(1);
    expect(live.players).toEqual(room.seats.map((s) => ({ id: s.playerId, name: s.name, bot: s.bot, replaced: false, out: false, status: summary.seats[s.playerId]!.status })));
    expect(live.players[3]!.bot).toBe("heuristic");
    expect(live.players[0]!.status).toMatch(/life/);
    expect(matchesLive(live, { game: "dice", player: "ann" })).toBe(true);
    expect(matchesLive(live, { player: "id-Bob" })).toBe(true);
    expect(matchesLive(live, { game: "dice_duel" })).toBe(false);
    expect(matchesLive(live, { player: "zed" })).toBe(false);
    room.dispose();
  });

  it("R8.9 a dice_duel pick: the game waits for both seats at once, and the live game names both", async () => {
    const room = roomOf(diceDuel, ["Eve", "Fay"], 5);
    await playUntil(room, (r) => r.module.toAct(r.state).length === 2);
    const live = liveGame(room, "node-b", null, Date.now());
    expect(live).toMatchObject({ game: "dice_duel", phase: room.phase, waitingFor: ["Eve", "Fay"], createdAt: null, ageSeconds: null });
    expect(live.seq).toBeGreaterThan(0);
    expect(live.players.map((p) => p.status)).toEqual(room.seats.map((s) => room.module.summary(room.state).seats[s.playerId]!.status));
    room.dispose();
  });
});

describe("timelineOf", () => {
  it("every entry with the events its replay gives, by the module's rules; a log that does not replay throws naming the entry", async () => {
    const room = roomOf(diceDuel, ["Eve", "Fay"], 9);
    await playUntil(room, (r) => r.seq >= 6);
    const commands = room.missedSince({ kind: "admin" }, 0)!;
    const entries = commands.map((m, i) => {
      if (m.type !== "event") throw new Error("an event message");
      return { seq: m.seq, playerId: m.by, command: { ...m.command, by: m.by } as CommandBase, createdAt: new Date(1_000 * i) };
    });
    const timeline = timelineOf(diceDuel, room.setup as SetupBase, entries);
    expect(timeline.map((e) => [e.seq, e.by, e.at])).toEqual(entries.map((e) => [e.seq, e.playerId, e.createdAt.toISOString()]));
    expect(timeline.map((e) => e.events)).toEqual(commands.map((m) => (m.type === "event" ? m.events : [])));
    expect(timeline.every((e) => e.events.length > 0)).toBe(true);
    const corrupt = [...entries.slice(0, 2), { ...entries[2]!, command: { type: "nonsense", by: entries[2]!.playerId } }];
    expect(() => timelineOf(diceDuel, room.setup as SetupBase, corrupt)).toThrow(ReplayError);
    expect(() => timelineOf(diceDuel, room.setup as SetupBase, corrupt)).toThrow(/entries\[2\]/);
    room.dispose();
  });
});
