/**
 * DESIGN invariant 3, acknowledged means durable, through a crash: four games on embedded PGlite,
 * every seat an SDK client, and the server SIGKILLed in the middle of them. Restarted on the same
 * DATA_DIR and port, the server must hold every command it had acknowledged, at the seq it gave;
 * the clients reconnect and resume by themselves and the games go on to their end; no command is
 * applied twice (each seq 1..n has exactly one acknowledged command id behind it).
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { PlayerView } from "@bang/game-dice";
import { closeAll, connectPlayer, listGames, playSeat, replayOf, startTable, type Acked, type Player, type Seat } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

const GAMES = 4;
const SEATS = 5;
/** Acknowledged commands each game must have before the crash. */
const ACKS_BEFORE_CRASH = 8;

describe("crash and restart on PGlite", () => {
  // A grace longer than the outage: the server's bot must never play for a seat, so that every
  // entry of every log is a command some client had sent.
  const server = useServer({ backend: "pglite", disconnectGraceMs: 60_000 });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });

  it("every acknowledged command survives SIGKILL; the games resume and end with every seq applied once", async () => {
    const srv = server();
    const games: { gameId: string; seats: Player[]; playing: Seat<PlayerView>[] }[] = [];
    for (let g = 0; g < GAMES; g++) {
      const seats: Player[] = [];
      for (let s = 0; s < SEATS; s++) seats.push(await connectPlayer(srv.url, `g${g}s${s}`));
      players.push(...seats);
      const { gameId } = await startTable(seats, { seats: SEATS, turnSeconds: 600 });
      games.push({ gameId, seats, playing: [] });
    }
    // Clients think a little, so that the games are still running when the server dies.
    for (const [g, game] of games.entries()) {
      game.playing = game.seats.map((p, i) => playSeat<PlayerView>(p, game.gameId, { seed: g * 10 + i, kind: i === 4 ? "random" : "heuristic", thinkMs: 15, timeoutMs: 150_000 }));
    }
    const acksOf = (game: (typeof games)[number]): Acked[] => game.playing.flatMap((s) => s.acks);

    // Crash once every game has some acknowledged commands.
    const deadline = Date.now() + 30_000;
    while (!games.every((g) => acksOf(g).length >= ACKS_BEFORE_CRASH)) {
      if (Date.now() > deadline) throw new Error(`the games did not reach ${ACKS_BEFORE_CRASH} acks each: ${games.map((g) => acksOf(g).length).join(", ")}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const exit = await srv.kill();
    const ackedBeforeCrash = games.map((g) => [...acksOf(g)]);
    const inFlightAtCrash = games.map((g) => g.playing.reduce((n, s) => n + s.inFlight.size, 0));
    expect(exit).toEqual({ code: null, signal: "SIGKILL" });
    expect(games.every((g) => g.seats[0]!.client.view(g.gameId)!.waitingFor.length > 0)).toBe(true);

    await srv.restart();

    // Every command acknowledged before the crash is stored at its seq, by its player.
    for (const [g, game] of games.entries()) {
      const replay = await replayOf(srv.url, game.gameId, game.seats[0]!.guest.token);
      expect(replay.status).toBe("running");
      expect(replay.lastSeq).toBeGreaterThanOrEqual(Math.max(...ackedBeforeCrash[g]!.map((a) => a.seq)));
      for (const a of ackedBeforeCrash[g]!) expect(replay.entries[a.seq - 1], `game ${g} ack ${JSON.stringify(a)}`).toMatchObject({ seq: a.seq, by: a.by, command: a.command });
    }

    // After the restart a repeated id still gets its first answer (the answers come back from the
    // log), and another command under it is refused.
    for (const game of games) {
      const a = ackedBeforeCrash[games.indexOf(game)]![0]!;
      const owner = game.seats.find((p) => p.id === a.by)!;
      const raw = await RawSocket.signedIn(srv.url, owner.guest.token);
      sockets.push(raw);
      expect(await raw.command(game.gameId, a.id, a.command)).toEqual({ type: "ack", id: a.id, gameId: game.gameId, seq: a.seq });
      const other = a.command.type === "roll" ? { type: "stop" } : { type: "roll" };
      expect(await raw.command(game.gameId, a.id, other)).toMatchObject({ type: "error", code: "COMMAND_ID_REUSED", id: a.id });
      await raw.close();
    }

    // The clients came back by themselves, and the games end.
    const finals = await Promise.all(games.map((g) => Promise.all(g.playing.map((s) => s.done))));
    for (const [g, game] of games.entries()) {
      const views = finals[g]!;
      const n = game.seats[0]!.client.lastSeq(game.gameId)!;
      for (const [i, p] of game.seats.entries()) {
        expect(views[i]!.phase).toBe("gameOver");
        expect(views[i]!.winner).toEqual(views[0]!.winner);
        expect(p.client.lastSeq(game.gameId)).toBe(n);
        expect(p.sockets.length, `${p.guest.player.name} reconnected`).toBeGreaterThanOrEqual(2);
        expect(p.errors).toEqual([]);
      }
      const replay = await replayOf(srv.url, game.gameId, game.seats[0]!.guest.token);
      expect(replay.status).toBe("finished");
      expect(replay.view).toEqual(views[0]);
      // seqs 1..n, no gap, no repeat.
      expect(replay.entries.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      // Exactly once: every seq has exactly one acknowledged command id, the one stored there.
      const acks = acksOf(game);
      expect(new Set(acks.map((a) => a.id)).size).toBe(acks.length);
      expect(acks.map((a) => a.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      for (const a of acks) expect(replay.entries[a.seq - 1]).toMatchObject({ by: a.by, command: a.command });
      for (const s of game.playing) expect(s.refusals).toEqual([]);
    }
    console.info(`crash: acks before the crash ${ackedBeforeCrash.map((a) => a.length).join(", ")}; in flight ${inFlightAtCrash.join(", ")}`);
  }, 180_000);
});

/**
 * The last command of a game is stored, but the result (status finished, winner) is not: the node
 * died before that write, or the write failed. The log says the game is over, so once the node is
 * back the game must be listed as finished with its winner. A trigger on PostgreSQL makes the result
 * write fail deterministically, then is dropped, and the server restarted.
 */
describe("a game whose result could not be stored", () => {
  const server = useServer({ backend: "postgresql" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  const sql = async (text: string) => {
    const db = new pg.Client({ connectionString: server().databaseUrl! });
    await db.connect();
    try {
      await db.query(text);
    } finally {
      await db.end();
    }
  };

  // FAILS (server bug, see the report): the room records the result once, right after the last
  // command (GameRoom.finish), and only logs a failure; a restored room whose log is already over
  // never records it either. The game stays "running" in the store for good.
  it("is listed as finished with its winner once the server is back", async () => {
    const srv = server();
    await sql(`
      CREATE FUNCTION e2e_refuse_finish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'finished' THEN RAISE EXCEPTION 'e2e: the result write fails'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER e2e_refuse_finish BEFORE UPDATE ON "Game" FOR EACH ROW EXECUTE FUNCTION e2e_refuse_finish();`);
    for (const name of ["quin", "rosa"]) players.push(await connectPlayer(srv.url, name));
    const { gameId } = await startTable(players, { seats: 5, fillBots: true });
    const finals = await Promise.all(players.map((p, i) => playSeat<PlayerView>(p, gameId, { seed: 50 + i }).done));
    const winner = finals[0]!.winner;
    expect(winner).not.toBeNull();
    const n = players[0]!.client.lastSeq(gameId)!;
    // Every command is stored: the log is complete and replays to the end.
    const replay = await replayOf(srv.url, gameId, players[0]!.guest.token);
    expect(replay.lastSeq).toBe(n);
    expect(replay.view).toEqual(finals[0]);

    // The database is healthy again; the server restarts.
    await sql(`DROP TRIGGER e2e_refuse_finish ON "Game"; DROP FUNCTION e2e_refuse_finish();`);
    await srv.stop();
    await srv.restart();
    const listed = (await listGames(srv.url)).find((g) => g.id === gameId);
    expect(listed, JSON.stringify(listed)).toMatchObject({ status: "finished", lastSeq: n, winner });
    expect((await replayOf(srv.url, gameId, players[0]!.guest.token)).status).toBe("finished");
  }, 120_000);
});
