/** The admin building blocks on their own: the sign-in throttle (injected clock), statistics, sessions. */
import { createGame, type GameSetup } from "@bang/engine";
import { describe, expect, it } from "vitest";
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
  it("R5.2: counts a win for every winner seat, by role and by character; length and activity per day", () => {
    const setup: GameSetup = { mode: "classic", players: ["a", "b", "c", "d", "e"].map((id) => ({ id })), seed: 7 };
    const dealt = createGame(setup);
    if (!dealt.ok || dealt.state.mode !== "classic") throw new Error("setup");
    const law = dealt.state.players.filter((p) => p.role === "sheriff" || p.role === "deputy").map((p) => p.id);
    const outlaws = dealt.state.players.filter((p) => p.role === "outlaw").map((p) => p.id);
    const t0 = new Date("2026-11-30T10:00:00Z");
    const stats = computeStatistics([
      { id: "g1", setup, winner: { team: "law", players: law }, createdAt: t0, finishedAt: new Date("2026-11-30T10:10:00Z"), lastSeq: 40 },
      { id: "g2", setup, winner: { team: "outlaws", players: outlaws }, createdAt: new Date("2026-12-01T00:00:00Z"), finishedAt: new Date("2026-12-01T00:20:00Z"), lastSeq: 120 },
      { id: "g3", setup, winner: null, createdAt: t0, finishedAt: null, lastSeq: 3 },
    ]);
    expect(stats.games).toBe(2);
    expect(stats.byRole.find((r) => r.key === "sheriff")).toEqual({ key: "sheriff", played: 2, won: 1, rate: 0.5 });
    expect(stats.byRole.find((r) => r.key === "outlaw")).toEqual({ key: "outlaw", played: 4, won: 2, rate: 0.5 });
    expect(stats.byRole.find((r) => r.key === "renegade")).toEqual({ key: "renegade", played: 2, won: 0, rate: 0 });
    expect(stats.byCharacter.reduce((n, r) => n + r.played, 0)).toBe(10);
    expect(stats.byTeam).toEqual([{ team: "law", games: 1 }, { team: "outlaws", games: 1 }].sort((a, b) => b.games - a.games));
    expect(stats.activity).toEqual([{ day: "2026-11-30", games: 1 }, { day: "2026-12-01", games: 1 }]);
    expect(stats.length.averageCommands).toBe(80);
    expect(stats.length.averageMinutes).toBe(15);
    expect(stats.length.buckets.find((b) => b.commands === "<=50")!.games).toBe(1);
    expect(stats.length.buckets.find((b) => b.commands === "<=150")!.games).toBe(1);
  });
});
