/**
 * E1.1, E1.2 at the table: a card-game table of 8 seats needs the option `eightPlayers`. Without it the
 * table is refused when it is created (INVALID_MESSAGE naming options.seats), and nothing changes: no
 * table, no game stored, the player's open tables as before. With it, 8 seats deal and start; 7 seats
 * need no option. (A tester's report: an 8-seat table without the option opened, then its start stored
 * a running game that could not be dealt, opened, ended or replayed.)
 */
import { fetchCatalog } from "@bang/client";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_OPEN_TABLES } from "../src/tables/registry.js";
import { closeAll, connectPlayer, http, listGames, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

describe("card-game tables and their seats", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("E1.2 8 seats without eightPlayers: refused at createTable naming options.seats, nothing stored or kept", async () => {
    const srv = server();
    const host = await connectPlayer(srv.url, "eight");
    players.push(host);
    for (const gameOptions of [undefined, {}, { eightPlayers: false }]) {
      await expect(host.client.createTable({ game: "cards", seats: 8, botKind: "random", ...(gameOptions ? { gameOptions } : {}) })).rejects.toMatchObject({
        code: "INVALID_MESSAGE",
        message: "options.seats: a cards table has 4 to 7 seats with these gameOptions (4 to 8 with others), got 8",
      });
    }
    // The catalog says which seats need options: a form that sends none offers 4 to 7.
    expect((await fetchCatalog(srv.url)).find((g) => g.id === "cards")).toMatchObject({ seats: { min: 4, max: 8 }, plainSeats: { min: 4, max: 7 } });
    expect((await fetchCatalog(srv.url)).find((g) => g.id === "dice")).toMatchObject({ seats: { min: 3, max: 8 }, plainSeats: { min: 3, max: 8 } });
    // Nothing changed: no game of this player, and the refusals took none of their open tables.
    expect((await listGames(srv.url, "?status=running")).filter((g) => g.players.some((p) => p.name === "eight"))).toEqual([]);
    const codes: string[] = [];
    for (let i = 0; i < MAX_OPEN_TABLES; i++) codes.push((await host.client.createTable({ game: "cards", seats: 4 })).code);
    for (const code of codes) await host.client.leaveTable(code);
  });

  it("E1.1 E1.2 7 seats without the option and 8 with it: dealt, started and listed with every seat", async () => {
    const srv = server();
    const host = await connectPlayer(srv.url, "sheriff");
    players.push(host);
    const started: string[] = [];
    for (const [seats, gameOptions] of [[7, {}], [8, { eightPlayers: true }]] as const) {
      const table = await host.client.createTable({ game: "cards", seats, botKind: "random", turnSeconds: 600, gameOptions });
      expect(table.options).toMatchObject({ seats, gameOptions });
      await host.client.fillBots(table.code);
      const gameId = (await host.client.startGame(table.code)).gameId!;
      expect(gameId).toEqual(expect.any(String));
      const { view } = await host.client.waitFor((_v, id) => id === gameId, 20_000);
      expect((view as unknown as { players: unknown[] }).players).toHaveLength(seats);
      started.push(gameId);
      expect((await http(`${srv.url}/api/games/${gameId}/seats`)).status).toBe(200);
    }
    const running = (await listGames(srv.url, "?status=running")).filter((g) => started.includes(g.id));
    expect(running.map((g) => g.players.length).sort()).toEqual([7, 8]);
  });
});
