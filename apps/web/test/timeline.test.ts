/** The inspector's timeline logic (apps/web/src/lib/timeline.ts) and the stored-session helpers. */
import { replay, type GameEvent, type GameLog } from "@bang/engine";
import { describe, expect, it } from "vitest";
import { describeProblem } from "../src/lib/errors";
import { loadAdmin, loadGame, loadGuest, saveAdmin, saveGame, saveGuest, type KeyValue } from "../src/lib/storage";
import { exportLog, marksOf, nextMark, previousMark, rollsOf, step } from "../src/lib/timeline";

const ev = (type: GameEvent["type"]): GameEvent => ({ type }) as GameEvent;
const entries = [
  { seq: 1, events: [{ type: "diceRolled", player: "a", roll: 1, indexes: [0, 1, 2, 3, 4], faces: ["arrow", "1", "2", "beer", "gatling"], dice: ["arrow", "1", "2", "beer", "gatling"] } as GameEvent] },
  { seq: 2, events: [ev("indianAttack")] },
  { seq: 3, events: [ev("lifeLost")] },
  { seq: 4, events: [ev("eliminated"), ev("indianAttack")] },
  { seq: 5, events: [ev("eliminated"), ev("gameOver")] },
];

describe("timeline jumps", () => {
  it("finds the next and previous Indian attack, elimination and end from a position", () => {
    expect(nextMark(entries, 0, "indianAttack")).toBe(2);
    expect(nextMark(entries, 2, "indianAttack")).toBe(4);
    expect(nextMark(entries, 4, "indianAttack")).toBeNull();
    expect(nextMark(entries, 0, "eliminated")).toBe(4);
    expect(nextMark(entries, 0, "gameOver")).toBe(5);
    expect(previousMark(entries, 5, "indianAttack")).toBe(4);
    expect(previousMark(entries, 2, "indianAttack")).toBeNull();
    expect(step(0, -1, 5)).toBe(0);
    expect(step(4, 3, 5)).toBe(5);
    expect(marksOf(entries[3]!)).toEqual(["indianAttack", "eliminated"]);
  });

  it("lists the dice of each roll with the dice thrown", () => {
    expect(rollsOf(entries[0]!)).toEqual([{ dice: ["arrow", "1", "2", "beer", "gatling"], thrown: [0, 1, 2, 3, 4] }]);
    expect(rollsOf(entries[1]!)).toEqual([]);
  });

  it("exports a log that the engine replays (what `bang replay FILE` reads)", () => {
    const log: GameLog = { setup: { mode: "classic", players: ["a", "b", "c", "d"].map((id) => ({ id })), seed: 11 }, entries: [] };
    const text = exportLog(log);
    const parsed = JSON.parse(text) as GameLog;
    expect(parsed).toEqual(log);
    expect(replay(parsed)).toHaveLength(1);
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
