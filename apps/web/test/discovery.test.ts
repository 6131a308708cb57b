/**
 * The players' pages' logic: where a box goes for a game id or a table code (src/lib/lookup.ts), the
 * page to return to after the admin sign-in (src/lib/next.ts), and a player's results and place in a
 * tournament (src/lib/player.ts).
 */
import type { Lookup, Tournament } from "@bang/client";
import { describe, expect, it } from "vitest";
import { gamePage, joinDestination, REF_PATTERN, watchDestination } from "../src/lib/lookup";
import { NEXT_KEY, NEXT_TTL_MS, rememberNext, safeNext, signInPath, takeNext } from "../src/lib/next";
import { myTournament, ordinalText, outcomeLabel } from "../src/lib/player";

const game = (status: string, gameId = "g-1"): Lookup => ({ kind: "game", game: "dice", status, gameId, code: "K7Q2ZP" });
const table = (status: string, gameId: string | null): Lookup => ({ kind: "table", game: "dice", status, gameId, code: "K7Q2ZP", seats: 4, free: gameId ? 0 : 2 });

describe("a game id where a code is asked, a code where a game id is asked", () => {
  it("the watch box watches a running game (your seat when you have one), replays one that is over, sends an open table to its join page", () => {
    expect(watchDestination(game("running"))).toEqual({ go: "/watch/g-1" });
    expect(watchDestination(game("running"), true)).toEqual({ go: "/play/g-1" });
    expect(watchDestination(game("finished"))).toEqual({ go: "/replay/g-1" });
    expect(watchDestination(game("abandoned"))).toEqual({ go: "/replay/g-1" });
    expect(watchDestination(table("playing", "g-2"))).toEqual({ go: "/watch/g-2" });
    expect(watchDestination(table("finished", "g-2"))).toEqual({ go: "/replay/g-2" });
    expect(watchDestination(table("open", null))).toEqual({ say: expect.stringContaining("K7Q2ZP has not started"), link: { href: "/join/K7Q2ZP", label: "Join the table" } });
  });

  it("the join box goes to a game's page, and says where a table that started or finished went", () => {
    expect(joinDestination(game("running"))).toEqual({ go: "/watch/g-1" });
    expect(joinDestination(game("finished"), true)).toEqual({ go: "/replay/g-1" });
    expect(joinDestination(table("playing", "g-2"))).toEqual({ say: "Table K7Q2ZP has already started.", link: { href: "/watch/g-2", label: "Watch its game" } });
    expect(joinDestination(table("playing", "g-2"), true)).toMatchObject({ link: { href: "/play/g-2", label: "Back to your game" } });
    expect(joinDestination(table("finished", "g-2"))).toEqual({ say: "Table K7Q2ZP has finished.", link: { href: "/replay/g-2", label: "See its replay" } });
    expect(joinDestination(table("open", null))).toEqual({ say: expect.stringContaining("could not be joined") });
  });

  it("a ref is a game id's characters; ids are escaped in paths", () => {
    expect(["K7Q2ZP", "k7q2zp", "8f0c2d7e-1b2a-4c3d-9e8f-0a1b2c3d4e5f", "a.b:c_d-e"].every((r) => REF_PATTERN.test(r))).toBe(true);
    expect(["", "a b", "x".repeat(65), "été", "a/b"].some((r) => REF_PATTERN.test(r))).toBe(false);
    expect(gamePage("a:b", true, false)).toBe("/watch/a%3Ab");
  });
});

/** A Map-backed KeyValue (localStorage in tests). */
const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe("returning to the page asked for after the admin sign-in", () => {
  it("accepts only this site's dashboard pages (no open redirect, not the sign-in page itself)", () => {
    for (const ok of ["/admin", "/admin/games/abc", "/admin/history?status=finished"]) expect(safeNext(ok)).toBe(ok);
    for (const bad of [null, "", "https://evil.example/admin", "//evil.example/admin", "/administrator", "/admin/login", "/admin/login?next=/admin", "/play", "/admin/\\evil", "/admin/a b", `/admin/${"x".repeat(600)}`]) {
      expect(safeNext(bad), String(bad)).toBeNull();
    }
  });

  it("the sign-in page's address carries the page and the reason", () => {
    expect(signInPath("/admin/games/g-1")).toBe("/admin/login?next=%2Fadmin%2Fgames%2Fg-1");
    expect(signInPath("/admin/games/g-1", "expired")).toBe("/admin/login?reason=expired&next=%2Fadmin%2Fgames%2Fg-1");
    expect(signInPath("/admin")).toBe("/admin/login");
    expect(signInPath("/admin/login", "required")).toBe("/admin/login?reason=required");
  });

  it("a remembered page counts for an hour, once", () => {
    const store = memory();
    rememberNext(store, "/admin/games/g-1", 1_000);
    expect(takeNext(store, 1_000 + NEXT_TTL_MS - 1)).toBe("/admin/games/g-1");
    expect(takeNext(store, 1_000)).toBeNull();
    rememberNext(store, "/admin/games/g-1", 1_000);
    expect(takeNext(store, 1_000 + NEXT_TTL_MS)).toBeNull();
    rememberNext(store, "https://evil.example", 1_000);
    expect(store.m.has(NEXT_KEY)).toBe(false);
    store.setItem(NEXT_KEY, "not json");
    expect(takeNext(store)).toBeNull();
  });
});

const tournament = (over: Partial<Tournament>): Tournament => ({
  id: "t1",
  name: "Cup",
  game: "dice",
  tableSize: 4,
  format: "table",
  rounds: 2,
  rated: false,
  noShow: "bot",
  startsAt: "2026-01-01T00:00:00.000Z",
  status: "running",
  currentRound: 2,
  players: [
    { playerId: "me", name: "Me", seed: 1, checkedIn: true, status: "playing" },
    { playerId: "you", name: "You", seed: 2, checkedIn: true, status: "playing" },
  ],
  tables: [
    { round: 1, final: false, tableNo: 1, gameId: "g1", seats: ["me", "you", "bot-1", "bot-2"], result: { team: "red", points: {}, winners: ["me"] } },
    { round: 2, final: false, tableNo: 1, gameId: "g2", seats: ["me", "you", "bot-1", "bot-2"], result: null },
  ],
  standings: [
    { playerId: "me", name: "Me", points: 5, finalPoints: null, wins: 1, games: 1, seed: 1, place: 1 },
    { playerId: "you", name: "You", points: 0, finalPoints: null, wins: 0, games: 1, seed: 2, place: 2 },
  ],
  ...over,
});

describe("a player's results", () => {
  it("says how a game went and a rating with one decimal", () => {
    expect(outcomeLabel("won", "blue")).toBe("won (blue)");
    expect(outcomeLabel("lost", "red")).toBe("lost (red won)");
    expect(outcomeLabel("running", null)).toBe("playing");
    expect(outcomeLabel("abandoned", null)).toBe("ended by an admin");
    expect(outcomeLabel("ended", null)).toBe("ended without a winner");
    expect(ordinalText(12.345)).toBe("12.3");
    expect(ordinalText(-0.04)).toBe("0.0");
    expect(ordinalText(-1.26)).toBe("-1.3");
  });

  it("finds the viewer's next table, or says why there is none", () => {
    expect(myTournament(tournament({}), "me")).toEqual({ kind: "table", gameId: "g2", label: "round 2, table 1", others: ["you", "bot-1", "bot-2"] });
    expect(myTournament(tournament({ format: "single_elimination" }), "me")).toMatchObject({ kind: "table", gameId: "g2", label: "your match" });
    expect(myTournament(tournament({}), "stranger")).toEqual({ kind: "out" });
    expect(myTournament(tournament({}), null)).toEqual({ kind: "out" });
    expect(myTournament(tournament({ status: "registration", tables: [] }), "me")).toEqual({ kind: "registered", checkedIn: true });
    const done = tournament({ tables: tournament({}).tables.map((t) => ({ ...t, result: { team: "red", points: {}, winners: [] } })) });
    expect(myTournament(done, "me")).toEqual({ kind: "waiting" });
    expect(myTournament(tournament({ status: "finished" }), "you")).toEqual({ kind: "done", place: 2 });
  });
});
