/**
 * A tournament of the dice game in the table format end to end: a real server, an organiser token, 32
 * registered players who never connect (no-shows played by the server's bot), two rounds of four
 * 8-seat tables and a final table. The standings are checked against an independent computation from
 * the recorded games (the admin replay: roles, who is alive, the winners) with the scoring table
 * written out here. Bad input (no organiser role, no game or an unknown one, registering twice, too few
 * players, a game not in the tournament, a wrong seeding) gets its code and changes nothing.
 */
import { connect, createGuest, createTournament, fetchAudit, fetchStandings, fetchTournament, organiseTournament, registerForTournament, checkInTournament, type Guest, type Tournament } from "@bang/client";
import { dice, type PlayerView } from "@bang/game-dice";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseFor } from "./support/players.js";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";
import { refusal, until } from "./support/waits.js";

const ORGANISER = "organiser-token-0123456789abcdef";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ backend: "pglite", disconnectGraceMs: 100, env: { ORGANISER_TOKENS: `alice:${ORGANISER}` } });
});
afterAll(async () => {
  await server?.dispose();
});


/** The dice game's scoring table (docs), written out independently of the game's code. */
const POINTS_IF_WON: Record<string, number> = { sheriff: 5, deputy: 4, outlaw: 3, renegade: 8 };

describe("tournament, table format (real server)", () => {
  it("bad input: organiser routes need the role, too few players cannot start, registering twice is refused", async () => {
    const guest = await createGuest(server.url, "mallory");
    const input = { name: "Small cup", game: "dice", tableSize: 4, startsAt: new Date().toISOString(), noShow: "forfeit" as const };
    expect(await refusal(createTournament(server.url, guest.token, input))).toEqual({ code: "NOT_ORGANISER", status: 403 });
    expect(await refusal(createTournament(server.url, "not-a-token", input))).toEqual({ code: "NOT_ORGANISER", status: 403 });
    // Without the role, a bad body too is NOT_ORGANISER: the role is checked before the body (as admin routes do).
    const stranger = await fetch(`${server.url}/api/tournaments`, { method: "POST", headers: { authorization: "Bearer not-a-token", "content-type": "application/json" }, body: JSON.stringify({ ...input, tableSize: 9 }) });
    expect([stranger.status, ((await stranger.json()) as { code: string }).code]).toEqual([403, "NOT_ORGANISER"]);
    // A wrong body: the field is named, nothing is created.
    const before = (await (await fetch(`${server.url}/api/tournaments`)).json()) as unknown[];
    const { game: _game, ...withoutGame } = input;
    // R1.1: a ranked dice table has 4 to 8 seats.
    for (const [body, field] of [
      [{ ...input, tableSize: 9 }, "tableSize"],
      [{ ...input, tableSize: 3 }, "tableSize"],
      [{ ...input, startsAt: "someday soon" }, "startsAt"],
      [{ ...input, startsAt: "0000-01-01T00:00:00Z" }, "startsAt"],
      [{ ...input, format: "swiss" }, "format"],
      [{ ...input, format: "round_robin" }, "format"],
      [{ ...input, extra: 1 }, "additional properties"],
      [withoutGame, "'game'"],
    ] as const) {
      const res = await fetch(`${server.url}/api/tournaments`, { method: "POST", headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code).toBe("INVALID_MESSAGE");
      expect(answer.message).toContain(field);
    }
    const poker = await fetch(`${server.url}/api/tournaments`, { method: "POST", headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" }, body: JSON.stringify({ ...input, game: "poker" }) });
    expect([poker.status, await poker.json()]).toEqual([400, { code: "UNKNOWN_GAME", message: expect.stringMatching(/^game: unknown game "poker"/) }]);
    expect((await (await fetch(`${server.url}/api/tournaments`)).json()) as unknown[]).toHaveLength(before.length);
    const t = await createTournament(server.url, ORGANISER, input);
    expect(await refusal(registerForTournament(server.url, guest.token, t.id))).toMatchObject({ code: "WRONG_TOURNAMENT_STATUS" });
    expect(await refusal(organiseTournament(server.url, guest.token, t.id, { type: "open" }))).toEqual({ code: "NOT_ORGANISER", status: 403 });
    await organiseTournament(server.url, ORGANISER, t.id, { type: "open" });
    const five = await Promise.all(["p1", "p2", "p3", "p4", "p5"].map((n) => createGuest(server.url, n)));
    for (const g of five) await registerForTournament(server.url, g.token, t.id);
    expect(await refusal(registerForTournament(server.url, five[0]!.token, t.id))).toEqual({ code: "ALREADY_REGISTERED", status: 409 });
    for (const g of five.slice(0, 3)) await checkInTournament(server.url, g.token, t.id);
    // Three checked in, no-shows forfeit: fewer than one table of 4.
    expect(await refusal(organiseTournament(server.url, ORGANISER, t.id, { type: "start" }))).toEqual({ code: "TOO_FEW_PLAYERS", status: 409 });
    expect(await refusal(organiseTournament(server.url, ORGANISER, t.id, { type: "seed", by: "hand", order: [five[0]!.player.id] }))).toEqual({ code: "INVALID_MESSAGE", status: 400 });
    expect(await refusal(organiseTournament(server.url, ORGANISER, t.id, { type: "report", gameId: "no-such-game" }))).toEqual({ code: "GAME_NOT_IN_TOURNAMENT", status: 409 });
    expect(await refusal(fetchTournament(server.url, "no-such-tournament"))).toEqual({ code: "TOURNAMENT_NOT_FOUND", status: 404 });
    // Nothing changed: still open, 5 players, no seeds, no tables; the audit has only create and open.
    const after = await fetchTournament(server.url, t.id);
    expect(after).toMatchObject({ status: "registration", currentRound: 0, tables: [] });
    expect(after.players).toHaveLength(5);
    expect(after.players.every((p) => p.seed === null)).toBe(true);
    expect((await fetchAudit(server.url, ORGANISER, t.id)).map((a) => a.action)).toEqual(["create", "open"]);
    expect(await refusal(fetchAudit(server.url, guest.token, t.id))).toEqual({ code: "NOT_ORGANISER", status: 403 });
  });

  it("32 bot-played players: two rounds of four tables, a final table, standings as computed from the recorded games", async () => {
    const guests: Guest[] = [];
    for (let i = 0; i < 32; i++) guests.push(await createGuest(server.url, `player ${i + 1}`));
    const created = await createTournament(server.url, ORGANISER, { name: "Dodge City open", game: "dice", tableSize: 8, rounds: 2, rated: true, noShow: "bot", startsAt: new Date(Date.now() + 60_000).toISOString() });
    expect(created).toMatchObject({ status: "created", game: "dice", format: "table", rounds: 2, tableSize: 8, rated: true });
    await organiseTournament(server.url, ORGANISER, created.id, { type: "open" });
    await Promise.all(guests.map((g) => registerForTournament(server.url, g.token, created.id)));
    for (const g of guests.slice(0, 10)) await checkInTournament(server.url, g.token, created.id);
    // One player is there, through the SDK: each of their tables reaches them as a snapshot, and they
    // play their seat (a bot choosing from their own view).
    const live = await connect({ url: server.url, token: guests[0]!.token });
    const me = guests[0]!.player.id;
    const bot = dice.bots.heuristic(5);
    const acted = new Set<string>();
    live.on("state", (gameId, view, seq) => {
      if (!view.waitingFor.includes(me) || acted.has(`${gameId}:${seq}`)) return;
      acted.add(`${gameId}:${seq}`);
      live.send(gameId, chooseFor(bot, view as PlayerView, me)).catch(() => undefined);
    });
    // Seeded by hand, in reverse registration order.
    const order = [...guests].reverse().map((g) => g.player.id);
    const seeded = await organiseTournament(server.url, ORGANISER, created.id, { type: "seed", by: "hand", order });
    expect(seeded.players.map((p) => p.playerId)).toEqual(order);
    const started = await organiseTournament(server.url, ORGANISER, created.id, { type: "start" });
    expect(started).toMatchObject({ status: "running", currentRound: 1 });
    expect(started.tables.map((t) => t.seats.length)).toEqual([8, 8, 8, 8]);
    // Serpentine by seed: table 1 holds seeds 1, 8, 9, 16, 17, 24, 25, 32.
    expect(started.tables[0]!.seats).toEqual([1, 8, 9, 16, 17, 24, 25, 32].map((s) => order[s - 1]));

    let final: Tournament | null = null;
    await until("the tournament is finished", async () => (final = await fetchTournament(server.url, created.id)).status === "finished", 90_000); // under the 120 s test timeout, so this names what did not happen
    const t = final!;
    const mine = t.tables.filter((x) => x.seats.includes(guests[0]!.player.id)).map((x) => x.gameId);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(live.games().map((g) => g.gameId).filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
    expect([...acted].length).toBeGreaterThan(0);
    await live.close();
    expect(t.tables.map((x) => [x.round, x.tableNo, x.final])).toEqual([
      [1, 1, false], [1, 2, false], [1, 3, false], [1, 4, false],
      [2, 1, false], [2, 2, false], [2, 3, false], [2, 4, false],
      [3, 1, true],
    ]);
    const ids = guests.map((g) => g.player.id);
    for (const round of [1, 2]) expect(t.tables.filter((x) => x.round === round).flatMap((x) => x.seats).sort()).toEqual([...ids].sort());

    // Independent computation from the recorded games.
    const points = new Map(ids.map((id) => [id, 0]));
    const wins = new Map(ids.map((id) => [id, 0]));
    const finalPoints = new Map<string, number>();
    for (const table of t.tables) {
      const replay = (await (await fetch(`${server.url}/api/games/${table.gameId}/replay`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as {
        status: string;
        view: { phase: string; players: { id: string; role: string; alive: boolean }[]; winner: { players: string[] } };
      };
      expect(replay.status).toBe("finished");
      expect(replay.view.players.map((p) => p.id)).toEqual(table.seats);
      const winners = new Set(replay.view.winner.players);
      for (const seat of replay.view.players) {
        const pts = (winners.has(seat.id) ? POINTS_IF_WON[seat.role]! : 0) + (seat.alive ? 1 : 0);
        expect(table.result!.points[seat.id]).toBe(pts);
        if (table.final) finalPoints.set(seat.id, pts);
        else {
          points.set(seat.id, points.get(seat.id)! + pts);
          if (winners.has(seat.id)) wins.set(seat.id, wins.get(seat.id)! + 1);
        }
      }
    }
    const seedOf = new Map(order.map((id, i) => [id, i + 1]));
    const byQualifying = [...ids].sort((a, b) => points.get(b)! - points.get(a)! || wins.get(b)! - wins.get(a)! || seedOf.get(a)! - seedOf.get(b)!);
    // The final table seats the top 8 after the two rounds.
    expect([...t.tables[8]!.seats].sort()).toEqual(byQualifying.slice(0, 8).sort());
    const finalists = byQualifying.slice(0, 8).sort((a, b) => finalPoints.get(b)! - finalPoints.get(a)! || points.get(b)! - points.get(a)! || wins.get(b)! - wins.get(a)! || seedOf.get(a)! - seedOf.get(b)!);
    const expected = [...finalists, ...byQualifying.slice(8)];
    const standings = await fetchStandings(server.url, created.id);
    expect(standings.status).toBe("finished");
    expect(standings.standings.map((s) => s.playerId)).toEqual(expected);
    expect(standings.standings.map((s) => s.points)).toEqual(expected.map((id) => points.get(id)));
    expect(standings.standings.map((s) => s.place)).toEqual(expected.map((_, i) => i + 1));

    // Every organiser change is in the audit, with who and when; the server's own steps too.
    const audit = await fetchAudit(server.url, ORGANISER, created.id);
    expect(audit.filter((a) => a.actor === "alice").map((a) => a.action)).toEqual(["create", "open", "seed", "start"]);
    expect(audit.at(-1)).toMatchObject({ actor: "server", action: "finish", detail: { winner: expected[0] } });
    expect(audit.every((a) => !Number.isNaN(Date.parse(a.at)))).toBe(true);
    // A rated tournament: every player's rating counts their 2 or 3 games.
    const rating = (await (await fetch(`${server.url}/api/players/${expected[0]}/rating?game=dice`)).json()) as { rating: { games: number } };
    expect(rating.rating.games).toBe(3);
    // The scoring the API publishes is the dice module's, with its smallest ranked table.
    const scoring = (await (await fetch(`${server.url}/api/tournaments/scoring?game=dice`)).json()) as { game: string; scoring: { when: string; points: number }[]; minTable: number };
    expect(scoring).toEqual({ game: "dice", scoring: dice.scoring, minTable: 4 });
    expect(scoring.scoring.map((l) => l.points).sort()).toEqual([...Object.values(POINTS_IF_WON), 1].sort());
    // Once over, a game's result cannot be reported again into the standings (it is recorded once).
    const again = await organiseTournament(server.url, ORGANISER, created.id, { type: "report", gameId: t.tables[0]!.gameId });
    expect(again.standings).toEqual(t.standings);
  });

  it("survives a crash of the node: restored games report back and the tournament goes on to its end", async () => {
    const guests = await Promise.all(["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8"].map((n) => createGuest(server.url, n)));
    const t = await createTournament(server.url, ORGANISER, { name: "Crash cup", game: "dice", tableSize: 4, rounds: 1, startsAt: new Date().toISOString() });
    await organiseTournament(server.url, ORGANISER, t.id, { type: "open" });
    for (const g of guests) await registerForTournament(server.url, g.token, t.id);
    const started = await organiseTournament(server.url, ORGANISER, t.id, { type: "start" });
    expect(started.tables).toHaveLength(2);
    await server.kill();
    await server.restart();
    let done: Tournament | null = null;
    await until("the tournament is finished after the restart", async () => (done = await fetchTournament(server.url, t.id)).status === "finished", 90_000);
    // Two tables of round 1, one final table of the top 4; each result recorded once, every player seated once per round.
    expect(done!.tables.map((x) => [x.round, x.tableNo, x.final, x.result !== null])).toEqual([
      [1, 1, false, true],
      [1, 2, false, true],
      [2, 1, true, true],
    ]);
    expect(done!.tables.filter((x) => x.round === 1).flatMap((x) => x.seats).sort()).toEqual(guests.map((g) => g.player.id).sort());
    expect(done!.standings.slice(0, 4).map((s) => s.playerId).sort()).toEqual([...done!.tables[2]!.seats].sort());
  });
});
