/**
 * A game its module cannot deal is never stored: Showdown whose `create` refuses the setup or throws
 * (baddeal.ts, the table option `fault`). Its start is refused with INVALID_SETUP and a message for
 * people (no module internals), no game row is stored (none listed running, none counted against the
 * players' GAMES_PER_PLAYER), the table stays open and can be started again or left, and the node
 * serves on. (A tester's report: such a start answered INTERNAL and stored a running game that could
 * not be opened or ended; 4 of them locked the player out with TOO_MANY_GAMES.) A running game stored
 * earlier whose setup no longer deals (restored at start: it fails) can be ended by an admin, in the
 * store, which frees its player.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, http, listGames, type Player } from "../../support/players.js";
import { ADMIN_TOKEN, useServer } from "../../support/server.js";
import { buildGameModules } from "./build.js";

const FILES = buildGameModules();
/** GAMES_PER_PLAYER of this server: more failed starts than this must not lock the player out. */
const GAMES_PER_PLAYER = 2;

describe("a game its module cannot deal", () => {
  const server = useServer({ backend: "postgresql", env: { GAME_MODULES: [FILES.module, FILES.baddeal].join(","), GAMES_PER_PLAYER: String(GAMES_PER_PLAYER) } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("a refused setup and a module that throws: INVALID_SETUP, no game stored, the table stays open, the player is not locked out", async () => {
    const srv = server();
    const ann = await connectPlayer(srv.url, "ann");
    players.push(ann);
    const cases = [
      ["refuse", /^the baddeal game could not be dealt: players: baddeal refuses every table; nothing was started$/],
      ["throw", /^the baddeal game could not be dealt \(its module failed; the fault is logged\); nothing was started$/],
    ] as const;
    for (const [fault, message] of cases) {
      const table = await ann.client.createTable({ game: "baddeal", seats: 2, botKind: "random", gameOptions: { fault } });
      await ann.client.fillBots(table.code);
      // More attempts than GAMES_PER_PLAYER: each is refused the same way, none counts as a running game.
      for (let attempt = 0; attempt <= GAMES_PER_PLAYER; attempt++) {
        const refused = await ann.client.startGame(table.code).then(
          () => ({ code: "STARTED", message: "" }),
          (e: { code: string; message: string }) => e,
        );
        expect(refused.code, `${fault} attempt ${attempt}`).toBe("INVALID_SETUP");
        expect(refused.message).toMatch(message);
        expect(refused.message).not.toContain("0xC0FFEE");
        expect(ann.client.table(table.code)).toMatchObject({ status: "open", gameId: null });
      }
      await ann.client.leaveTable(table.code);
    }
    expect((await listGames(srv.url)).filter((g) => g.game === "baddeal")).toEqual([]);
    await expect.poll(() => srv.output(), { timeout: 5_000 }).toMatch(/the game's module failed while dealing a new game; nothing was stored/);
    expect((await http(`${srv.url}/readyz`)).status).toBe(200);
    // Not locked out: a game that deals starts, and so does baddeal without a fault.
    for (const game of ["showdown", "baddeal"]) {
      const table = await ann.client.createTable({ game, seats: 2, botKind: "random", turnSeconds: 600 });
      await ann.client.fillBots(table.code);
      const gameId = (await ann.client.startGame(table.code)).gameId;
      expect(gameId).toEqual(expect.any(String));
      expect((await listGames(srv.url, "?status=running")).find((g) => g.id === gameId)).toMatchObject({ game });
    }
  });

  it("a running game stored before deals were checked, whose setup no longer deals: not restored, ended by an admin, its player freed", async () => {
    const srv = server();
    const bea = await connectPlayer(srv.url, "bea");
    players.push(bea);
    const gameIds: string[] = [];
    for (let i = 0; i < GAMES_PER_PLAYER; i++) {
      const table = await bea.client.createTable({ game: "baddeal", seats: 2, botKind: "random", turnSeconds: 600 });
      await bea.client.fillBots(table.code);
      gameIds.push((await bea.client.startGame(table.code)).gameId!);
    }
    // What the old server left behind: running games whose stored setup the module refuses to deal.
    await bea.client.close();
    await srv.stop();
    const db = new pg.Client({ connectionString: srv.databaseUrl! });
    await db.connect();
    try {
      await db.query(`UPDATE "Game" SET setup = setup || '{"fault":"refuse"}'::jsonb WHERE id = ANY($1)`, [gameIds]);
    } finally {
      await db.end();
    }
    await srv.restart();
    await expect.poll(() => srv.output().split("--- start 2")[1] ?? "", { timeout: 10_000 }).toMatch(/a stored game could not be restored/);
    expect((await listGames(srv.url, "?status=running")).filter((g) => gameIds.includes(g.id))).toHaveLength(GAMES_PER_PLAYER);
    // Their replay says why it cannot be shown (a server-side fault of stored data).
    expect(await http(`${srv.url}/api/games/${gameIds[0]}/replay`, { token: ADMIN_TOKEN })).toMatchObject({ status: 500, body: { code: "INTERNAL", message: "the stored setup does not deal" } });
    // An admin ends them, in the store.
    for (const id of gameIds) expect((await http(`${srv.url}/api/admin/games/${id}/end`, { method: "POST", token: ADMIN_TOKEN })).status, id).toBe(200);
    expect((await listGames(srv.url, "?status=abandoned")).filter((g) => gameIds.includes(g.id))).toHaveLength(GAMES_PER_PLAYER);
    expect((await http(`${srv.url}/api/admin/games/${gameIds[0]}/end`, { method: "POST", token: ADMIN_TOKEN })).status).not.toBe(200);
    // Their player plays again (no TOO_MANY_GAMES).
    const again = await connectAs(srv.url, bea.guest);
    players.push(again);
    const table = await again.client.createTable({ game: "showdown", seats: 2, botKind: "random", turnSeconds: 600 });
    await again.client.fillBots(table.code);
    expect((await again.client.startGame(table.code)).gameId).toEqual(expect.any(String));
  });
});
