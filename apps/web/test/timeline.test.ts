/** The inspector's timeline logic (apps/web/src/lib/timeline.ts), for any game, and the stored-session helpers. */
import { describe, expect, it } from "vitest";
import { describeProblem } from "../src/lib/errors";
import { clearGuest, clearWatcher, loadAdmin, loadGame, loadGuest, loadWatcher, saveAdmin, saveGame, saveGuest, saveWatcher, type KeyValue } from "../src/lib/storage";
import { clock, exportLog, marksOf, nextMark, previousMark, step, type Mark } from "../src/lib/timeline";

// A made-up game's events: the timeline reads nothing but their types.
const ev = (type: string) => ({ type, detail: 1 });
const entries = [
  { seq: 1, events: [ev("moved")] },
  { seq: 2, events: [ev("scored")] },
  { seq: 3, events: [ev("moved")] },
  { seq: 4, events: [ev("out"), ev("scored")] },
  { seq: 5, events: [ev("out"), ev("over")] },
];
const MARKS: Mark[] = [
  { type: "scored", label: "score" },
  { type: "out", label: "player out" },
  { type: "over", label: "end" },
];

describe("timeline jumps", () => {
  it("finds the next and previous entry of each mark from a position", () => {
    expect(nextMark(entries, 0, "scored")).toBe(2);
    expect(nextMark(entries, 2, "scored")).toBe(4);
    expect(nextMark(entries, 4, "scored")).toBeNull();
    expect(nextMark(entries, 0, "out")).toBe(4);
    expect(nextMark(entries, 0, "over")).toBe(5);
    expect(nextMark(entries, 0, "unknown")).toBeNull();
    expect(previousMark(entries, 5, "scored")).toBe(4);
    expect(previousMark(entries, 2, "scored")).toBeNull();
    expect(step(0, -1, 5)).toBe(0);
    expect(step(4, 3, 5)).toBe(5);
  });

  it("badges an entry with the marks it holds, in the order of the game's marks", () => {
    expect(marksOf(entries[3]!, MARKS).map((m) => m.label)).toEqual(["score", "player out"]);
    expect(marksOf(entries[0]!, MARKS)).toEqual([]);
    expect(marksOf(entries[4]!, [])).toEqual([]);
  });

  it("exports the log as game-core's GameLog: game, setup, and each entry's draws only where the log has them", () => {
    const log = { game: "some_game", setup: { players: [{ id: "a" }], seed: 11 }, entries: [{ command: { type: "move", by: "a" } }, { command: { type: "roll", by: "a" }, draws: [{ roll: [3] }] }, { command: { type: "pass", by: "a" }, draws: [] }] };
    const parsed = JSON.parse(exportLog(log)) as unknown;
    expect(parsed).toEqual(log);
    expect(Object.keys(parsed as object)).toEqual(["game", "setup", "entries"]);
    expect(exportLog(log).endsWith("}\n")).toBe(true);
  });

  it("shows a stored time as a UTC clock", () => {
    expect(clock("2026-12-01T09:04:31.250Z")).toBe("09:04:31");
    expect(clock(null)).toBe("");
  });
});

function memory(): KeyValue & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe("stored sessions", () => {
  it("keeps the guest and its game for a reload; refuses malformed values", () => {
    const store = memory();
    expect(loadGuest(store)).toBeNull();
    saveGuest(store, { token: "t", player: { id: "p", name: "Ann" } });
    saveGame(store, "g1");
    expect(loadGuest(store)).toEqual({ token: "t", player: { id: "p", name: "Ann" } });
    expect(loadGame(store)).toBe("g1");
    store.map.set("bang.guest", "{not json");
    expect(loadGuest(store)).toBeNull();
    saveGame(store, null);
    expect(loadGame(store)).toBeNull();
  });

  it("a kept game belongs to the identity that kept it: after a change of name it is not offered", () => {
    const store = memory();
    saveGuest(store, { token: "t", player: { id: "p", name: "Ann" } });
    saveGame(store, "g1");
    expect(loadGame(store)).toBe("g1");
    saveGuest(store, { token: "u", player: { id: "q", name: "Bob" } });
    expect(loadGame(store)).toBeNull();
    // What an older version kept (the id alone) is still read; the lobby asks the server about it.
    store.map.set("bang.game", JSON.stringify("g0"));
    expect(loadGame(store)).toBe("g0");
    store.map.set("bang.game", JSON.stringify({ gameId: 3 }));
    expect(loadGame(store)).toBeNull();
  });

  it("the identity made to watch is kept apart: never read as the player's, and a player's forgetting leaves it", () => {
    const store = memory();
    saveWatcher(store, { token: "w", player: { id: "s", name: "spectator" } });
    expect(loadGuest(store)).toBeNull();
    expect(loadWatcher(store)).toEqual({ token: "w", player: { id: "s", name: "spectator" } });
    saveGuest(store, { token: "t", player: { id: "p", name: "Ann" } });
    expect(loadGuest(store)?.player.name).toBe("Ann");
    clearGuest(store);
    expect(loadWatcher(store)?.player.id).toBe("s");
    clearWatcher(store);
    expect(loadWatcher(store)).toBeNull();
    store.map.set("bang.watcher", JSON.stringify({ token: 1 }));
    expect(loadWatcher(store)).toBeNull();
  });

  it("drops an admin session past its expiry", () => {
    const store = memory();
    saveAdmin(store, { token: "t", name: "root", expiresAt: "2026-12-01T10:00:00Z" });
    expect(loadAdmin(store, Date.parse("2026-12-01T09:59:59Z"))?.name).toBe("root");
    expect(loadAdmin(store, Date.parse("2026-12-01T10:00:01Z"))).toBeNull();
  });
});

describe("describeProblem", () => {
  it("says what happened for each failure the pages meet", () => {
    expect(describeProblem({ code: "NETWORK", message: "fetch failed" }).title).toContain("does not answer");
    expect(describeProblem({ code: "BAD_CREDENTIALS", message: "x" }).title).toBe("Wrong name or password");
    expect(describeProblem({ code: "SESSION_EXPIRED", message: "x" }).signInAgain).toBe(true);
    expect(describeProblem({ code: "GAME_NOT_FOUND", message: "x" }).title).toBe("No such game");
    expect(describeProblem({ code: "RATE_LIMITED", message: "try again in 4 s" }).message).toBe("try again in 4 s");
    expect(describeProblem(new Error("boom")).message).toBe("boom");
  });
});
