/**
 * Private tables' limits over the SDK: a player sits at no more than MAX_OPEN_TABLES tables that have
 * not started (create or join), and filling a table created without bots is BOTS_NOT_ALLOWED; both
 * refusals change nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import { MAX_OPEN_TABLES } from "../src/tables/registry.js";
import { closeAll, connectPlayer, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

describe("table limits", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it(`a player sits at ${MAX_OPEN_TABLES} open tables at most: TOO_MANY_TABLES to create or join one more, until one is left`, async () => {
    const srv = server();
    const [host, friend] = [await connectPlayer(srv.url, "hoarder"), await connectPlayer(srv.url, "friend")];
    players.push(host, friend);
    const codes: string[] = [];
    for (let i = 0; i < MAX_OPEN_TABLES; i++) codes.push((await host.client.createTable({ game: "dice", seats: 4 })).code);
    await expect(host.client.createTable({ game: "dice", seats: 4 })).rejects.toMatchObject({ code: "TOO_MANY_TABLES" });
    const friends = await friend.client.createTable({ game: "dice", seats: 4 });
    await expect(host.client.joinTable(friends.code)).rejects.toMatchObject({ code: "TOO_MANY_TABLES" });
    // Nothing changed: the friend's table has one seated player, the hoarder still at 3 tables.
    expect((await friend.client.joinTable(friends.code).catch((e: { code: string }) => e.code))).toBe("ALREADY_SEATED");
    for (const code of codes) expect(host.client.table(code)?.status).toBe("open");
    expect(host.client.table(friends.code)).toBeUndefined();
    // Leaving one makes room.
    await host.client.leaveTable(codes[0]!);
    const joined = await host.client.joinTable(friends.code);
    expect(joined.seats.filter((s) => s.playerId !== null).map((s) => s.playerId)).toEqual([friend.id, host.id]);
  });

  it("filling a table created without bots is BOTS_NOT_ALLOWED, and no seat gets a bot", async () => {
    const srv = server();
    const host = await connectPlayer(srv.url, "purist");
    players.push(host);
    const table = await host.client.createTable({ game: "dice", seats: 3, botsAllowed: false });
    await expect(host.client.fillBots(table.code)).rejects.toMatchObject({ code: "BOTS_NOT_ALLOWED", message: expect.stringMatching(/without bots/) });
    expect(host.client.table(table.code)!.seats.map((s) => s.bot)).toEqual([null, null, null]);
  });
});
