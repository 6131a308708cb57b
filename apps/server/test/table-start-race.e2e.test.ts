/**
 * A table's start races its seats: a player who leaves (or says not ready) while the host's start
 * awaits the store sees the start refused NOT_READY, or the start wins and the leave is refused
 * ALREADY_STARTED. Never INTERNAL, never a game with a seat nobody holds. (A tester's report: the
 * emptied seat went to the store as a person `bot-<code>-<i>` with no bot, which only the database's
 * foreign key stopped: INTERNAL, 6 times in 7.)
 */
import { ClientError } from "@bang/client";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

describe("a table's start racing its seats", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("a leave at the moment of the start: NOT_READY and nothing stored, or a game with every seat held", async () => {
    const srv = server();
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const host = await connectPlayer(srv.url, `host${round}`);
      const other = await connectPlayer(srv.url, `leaver${round}`);
      players.push(host, other);
      const table = await host.client.createTable({ game: "dice", seats: 4, turnSeconds: 600 });
      await other.client.joinTable(table.code);
      await other.client.setReady(table.code, true);
      await host.client.fillBots(table.code);
      const [start, leave] = await Promise.allSettled([host.client.startGame(table.code), other.client.leaveTable(table.code)]);
      const code = (r: PromiseSettledResult<unknown>) => (r.status === "fulfilled" ? "ok" : r.reason instanceof ClientError ? r.reason.code : String(r.reason));
      outcomes.add(`${code(start)}/${code(leave)}`);
      if (start.status === "fulfilled") {
        // The start won: the leave came too late, and every stored seat is a person or a bot.
        expect(code(leave)).toBe("ALREADY_STARTED");
        const seats = (await http(`${srv.url}/api/games/${start.value.gameId}/seats`)).body as { seats: { id: string; bot: string | null }[] };
        expect(seats.seats).toHaveLength(4);
        expect(seats.seats.filter((s) => s.bot === null).map((s) => s.id).sort()).toEqual([host.id, other.id].sort());
      } else {
        expect(code(start)).toBe("NOT_READY");
        expect(code(leave)).toBe("ok");
        // Nothing stored for this table, and it is still open for the host.
        const games = (await http(`${srv.url}/api/players/${host.id}/games`)).body as { total: number };
        expect(games.total).toBe(0);
      }
    }
    expect([...outcomes].every((o) => o === "ok/ALREADY_STARTED" || o === "NOT_READY/ok"), [...outcomes].join(", ")).toBe(true);
  });
});
