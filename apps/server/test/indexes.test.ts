/**
 * The node's lookups by player (gateway/connections.ts, TableRegistry.tablesOf): what they return must
 * stay what a scan of every socket or table would return, through joins, leaves and closes.
 */
import { describe, expect, it } from "vitest";
import type { Connection } from "../src/gateway/connection.js";
import { Connections } from "../src/gateway/connections.js";
import { TableRegistry, type GameFactory } from "../src/tables/registry.js";

/** A stand-in socket: the index reads only its playerId. */
const socketOf = (playerId: string | null) => ({ playerId }) as unknown as Connection;

describe("Connections", () => {
  it("finds a player's identified sockets, several per player, and forgets closed ones", () => {
    const all = new Connections();
    const [a1, a2, b, anonymous] = [socketOf("a"), socketOf("a"), socketOf("b"), socketOf(null)];
    for (const c of [a1, a2, b, anonymous]) all.add(c);
    expect(all.of("a")).toEqual([]); // not identified yet: no hello
    for (const c of [a1, a2, b, anonymous]) all.identified(c);
    expect(all.of("a")).toEqual([a1, a2]);
    expect(all.has("b")).toBe(true);
    expect(all.size).toBe(4);
    all.delete(a1);
    expect(all.of("a")).toEqual([a2]);
    all.delete(a2);
    expect(all.has("a")).toBe(false);
    expect([...all]).toEqual([b, anonymous]);
    all.identified(a1); // a closed socket is not indexed again
    expect(all.has("a")).toBe(false);
  });
});

describe("TableRegistry.tablesOf", () => {
  const factory: GameFactory = { accepts: true, createGame: async () => ({ id: "g" }) as never };
  const options = { game: "dice", seats: 4, gameOptions: {}, botsAllowed: true, botKind: "heuristic", turnSeconds: 60 } as const;

  it("lists the tables a player sits at, through create, join and leave", () => {
    const lobby = new TableRegistry(factory);
    const t1 = lobby.create({ id: "host", name: "Host" }, options).code;
    const t2 = lobby.create({ id: "other", name: "Other" }, options).code;
    lobby.join({ id: "p", name: "P" }, t1);
    lobby.join({ id: "p", name: "P" }, t2);
    expect(lobby.tablesOf("p").map((t) => t.code).sort()).toEqual([t1, t2].sort());
    lobby.leave("p", t1);
    expect(lobby.tablesOf("p").map((t) => t.code)).toEqual([t2]);
    lobby.leave("other", t2); // the host leaves: p becomes host of t2
    expect(lobby.tablesOf("p")[0]).toMatchObject({ code: t2, hostId: "p" });
    expect(lobby.tablesOf("other")).toEqual([]);
    lobby.leave("p", t2); // the last person leaves: the table closes
    expect(lobby.tablesOf("p")).toEqual([]);
    expect(lobby.has(t2)).toBe(false);
    expect(lobby.tablesOf("host").map((t) => t.code)).toEqual([t1]);
  });
});

describe("SeatedMap", () => {
  it("finds the games of a person (never a bot seat), and follows replace and delete", async () => {
    const { SeatedMap } = await import("../src/games/seated-map.js");
    const game = (id: string, people: string[], bots: string[] = []) => ({
      id,
      seats: [...people.map((p, i) => ({ index: i, playerId: p, name: p, bot: null })), ...bots.map((b, i) => ({ index: people.length + i, playerId: b, name: b, bot: "heuristic" as const }))],
    });
    const games = new SeatedMap<ReturnType<typeof game>>((g) => g.seats);
    const g1 = game("g1", ["a", "b"], ["bot-1"]);
    const g2 = game("g2", ["a"]);
    games.set("g1", g1).set("g2", g2);
    expect(games.of("a").map((g) => g.id).sort()).toEqual(["g1", "g2"]);
    expect(games.of("bot-1")).toEqual([]);
    const g1again = game("g1", ["c"]);
    games.set("g1", g1again); // the same id replaced: b's entry goes
    expect(games.of("b")).toEqual([]);
    expect(games.of("c")).toEqual([g1again]);
    games.delete("g2");
    expect(games.of("a")).toEqual([]);
    games.clear();
    expect(games.of("c")).toEqual([]);
    expect(games.size).toBe(0);
  });
});
