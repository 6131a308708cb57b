/**
 * A game its module cannot deal is never stored: Showdown whose `create` refuses the setup or throws
 * (baddeal.ts, the table option `fault`). Its start is refused with INVALID_SETUP and a message for
 * people (no module internals), no game row is stored (none listed running, none counted against the
 * players' GAMES_PER_PLAYER), the table stays open and can be started again or left, and the node
 * serves on. (A tester's report: such a start answered INTERNAL and stored a running game that could
 * not be opened or ended; 4 of them locked the player out with TOO_MANY_GAMES.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, type Player } from "../../support/players.js";
import { useServer } from "../../support/server.js";
import { buildGameModules } from "./build.js";

const FILES = buildGameModules();
/** GAMES_PER_PLAYER of this server: more failed starts than this must not lock the player out. */
const GAMES_PER_PLAYER = 2;

describe("a game its module cannot deal", () => {
  const server = useServer({ backend: "pglite", env: { GAME_MODULES: [FILES.module, FILES.baddeal].join(","), GAMES_PER_PLAYER: String(GAMES_PER_PLAYER) } });
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
});
