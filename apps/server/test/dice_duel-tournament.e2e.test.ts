/**
 * Head-to-head tournaments of the 2-seat dice_duel game end to end (RULES.md part D): a real server
 * (child process, embedded PGlite), an organiser token, registered players who never connect (no-shows
 * played by the server's bot). A 32-player single elimination runs to its end: every bracket match is a
 * real dice_duel game, and
 * the standings are checked against an independent computation from the stored games (the winner of
 * each match read from its replay). A double elimination survives a SIGKILL of the node (the bracket
 * is stored). Bad input gets its code and changes nothing.
 */
import { createGuest, createTournament, fetchAudit, fetchBracket, fetchStandings, fetchTournament, organiseTournament, registerForTournament, type Guest, type TournamentBracket } from "@bang/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, startServer, type TestServer } from "./support/server.js";
import { refusal, until as waitUntil } from "./support/waits.js";

const ORGANISER = "organiser-token-duel-0123456789ab";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ backend: "pglite", disconnectGraceMs: 100, env: { ORGANISER_TOKENS: `olga:${ORGANISER}` } });
});
afterAll(async () => {
  await server?.dispose();
});

const until = (what: string, check: () => Promise<boolean>, timeoutMs: number) => waitUntil(what, check, timeoutMs, () => server.output().slice(-3000));

/** The final view of a stored game, from the admin replay. */
async function finalOf(gameId: string): Promise<{ status: string; game: string; players: string[]; winner: string[] }> {
  const body = (await (await fetch(`${server.url}/api/games/${gameId}/replay`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as {
    status: string;
    game: string;
    view: { players: { id: string }[]; winner: { players: string[] } | null };
  };
  return { status: body.status, game: body.game, players: body.view.players.map((p) => p.id), winner: body.view.winner?.players ?? [] };
}

async function registered(name: string, count: number, input: Parameters<typeof createTournament>[2]): Promise<{ id: string; guests: Guest[] }> {
  const guests: Guest[] = [];
  for (let i = 0; i < count; i++) guests.push(await createGuest(server.url, `${name} ${i + 1}`));
  const t = await createTournament(server.url, ORGANISER, input);
  await organiseTournament(server.url, ORGANISER, t.id, { type: "open" });
  await Promise.all(guests.map((g) => registerForTournament(server.url, g.token, t.id)));
  return { id: t.id, guests };
}

describe("dice_duel tournaments, head-to-head brackets (real server)", () => {
  it("bad input: a 2-seat game needs a bracket format, a dice tournament has no bracket, one player cannot start", async () => {
    const startsAt = new Date().toISOString();
    for (const [body, field] of [
      [{ name: "x", game: "dice_duel", format: "table", startsAt }, "format"],
      [{ name: "x", game: "dice_duel", format: "single_elimination", tableSize: 4, startsAt }, "tableSize"],
      [{ name: "x", game: "dice", format: "round_robin", tableSize: 4, startsAt }, "format"],
      [{ name: "x", game: "dice_duel", format: "swiss", startsAt }, "format"],
    ] as const) {
      const res = await fetch(`${server.url}/api/tournaments`, { method: "POST", headers: { authorization: `Bearer ${ORGANISER}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code).toBe("INVALID_MESSAGE");
      expect(answer.message).toContain(field);
    }
    const dice = await createTournament(server.url, ORGANISER, { name: "Dice", game: "dice", tableSize: 4, startsAt });
    expect(await refusal(fetchBracket(server.url, dice.id))).toEqual({ code: "NO_BRACKET", status: 409 });
    const { id } = await registered("lone", 1, { name: "Lonely duel", game: "dice_duel", format: "single_elimination", startsAt });
    expect(await refusal(fetchBracket(server.url, id))).toEqual({ code: "NO_BRACKET", status: 409 });
    expect(await refusal(organiseTournament(server.url, ORGANISER, id, { type: "start" }))).toEqual({ code: "TOO_FEW_PLAYERS", status: 409 });
    expect(await fetchTournament(server.url, id)).toMatchObject({ status: "registration", game: "dice_duel", tableSize: 2, tables: [] });
    // Its scoring: the dice_duel module's lines (a bracket's matches count wins).
    const scoring = (await (await fetch(`${server.url}/api/tournaments/scoring?game=dice_duel`)).json()) as { game: string; scoring: unknown[]; minTable: number };
    expect(scoring).toMatchObject({ game: "dice_duel", minTable: 2 });
    expect(scoring.scoring.length).toBeGreaterThan(0);
    const unknown = await fetch(`${server.url}/api/tournaments/scoring?game=poker`);
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([400, "UNKNOWN_GAME"]);
    const missing = await fetch(`${server.url}/api/tournaments/scoring`);
    expect([missing.status, await missing.json()]).toEqual([400, { code: "INVALID_MESSAGE", message: expect.stringContaining("game") }]);
  });

  it("R8.10 32 bot-played players, single elimination: 31 dice_duel games, standings as computed from the stored games", async () => {
    const { id, guests } = await registered("duellist", 32, { name: "High Noon cup", game: "dice_duel", format: "single_elimination", noShow: "bot", startsAt: new Date().toISOString() });
    // Seeded by hand, in reverse registration order.
    const order = [...guests].reverse().map((g) => g.player.id);
    await organiseTournament(server.url, ORGANISER, id, { type: "seed", by: "hand", order });
    const started = await organiseTournament(server.url, ORGANISER, id, { type: "start" });
    expect(started).toMatchObject({ status: "running", game: "dice_duel", format: "single_elimination" });
    // Round 1's 16 matches start at once.
    expect(started.tables).toHaveLength(16);
    await until("the tournament is finished", async () => (await fetchTournament(server.url, id)).status === "finished", 75_000);

    const bracket: TournamentBracket = await fetchBracket(server.url, id);
    expect(bracket.format).toBe("single_elimination");
    expect(bracket.matches).toHaveLength(31);
    // The library's own data for brackets-viewer: the same matches and results, the players as participants (named by id).
    expect(bracket.viewer.stages).toMatchObject([{ type: "single_elimination" }]);
    expect(bracket.viewer.participants.map((p) => p.name).sort()).toEqual([...order].sort());
    expect(bracket.viewer.matches.map((m) => m.id).sort((x, y) => x - y)).toEqual(bracket.matches.map((m) => m.matchId).sort((x, y) => x - y));
    const participantName = new Map(bracket.viewer.participants.map((p) => [p.id, p.name]));
    for (const vm of bracket.viewer.matches as unknown as { id: number; opponent1: { id: number; result?: string }; opponent2: { id: number; result?: string } }[]) {
      const winnerId = vm.opponent1.result === "win" ? vm.opponent1.id : vm.opponent2.id;
      expect(participantName.get(winnerId)).toBe(bracket.matches.find((m) => m.matchId === vm.id)!.winner);
    }
    const seedOf = new Map(order.map((p, i) => [p, i + 1]));
    // Independent computation: each match's winner from its stored game.
    const wins = new Map(order.map((p) => [p, 0]));
    const byRound = new Map<number, { players: string[]; winner: string }[]>();
    for (const m of bracket.matches) {
      expect(["completed", "archived"]).toContain(m.status);
      const game = await finalOf(m.gameId!);
      expect(game).toMatchObject({ status: "finished", game: "dice_duel" });
      expect([...game.players].sort()).toEqual([...m.players].sort());
      expect(game.winner).toHaveLength(1);
      expect(m.winner).toBe(game.winner[0]);
      wins.set(game.winner[0]!, wins.get(game.winner[0]!)! + 1);
      byRound.set(m.roundId, [...(byRound.get(m.roundId) ?? []), { players: game.players, winner: game.winner[0]! }]);
    }
    const rounds = [...byRound.keys()].sort((a, b) => a - b).map((r) => byRound.get(r)!);
    expect(rounds.map((r) => r.length)).toEqual([16, 8, 4, 2, 1]);
    // Round 1 pairs seed s with seed 33 - s; each later round is played by the previous round's winners.
    for (const m of rounds[0]!) expect(seedOf.get(m.players[0]!)! + seedOf.get(m.players[1]!)!).toBe(33);
    for (let r = 1; r < rounds.length; r++) expect(rounds[r]!.flatMap((m) => m.players).sort()).toEqual(rounds[r - 1]!.map((m) => m.winner).sort());
    // Places: the champion, the finalist, then players out in the same round share a place.
    const placeFor = (w: number) => (w === 5 ? 1 : 32 / 2 ** (w + 1) + 1);
    const expected = [...order].sort((a, b) => placeFor(wins.get(a)!) - placeFor(wins.get(b)!) || seedOf.get(a)! - seedOf.get(b)!);
    const standings = await fetchStandings(server.url, id);
    expect(standings.status).toBe("finished");
    expect(standings.standings.map((s) => s.playerId)).toEqual(expected);
    expect(standings.standings.map((s) => s.place)).toEqual(expected.map((p) => placeFor(wins.get(p)!)));
    expect(standings.standings.map((s) => s.wins)).toEqual(expected.map((p) => wins.get(p)));
    expect(standings.standings.map((s) => s.place).filter((p) => p === 17)).toHaveLength(16);

    // The tournament's games are exactly the bracket's matches; the audit has the organiser's changes and the server's end.
    const t = await fetchTournament(server.url, id);
    expect(t.tables.map((x) => x.gameId).sort()).toEqual(bracket.matches.map((m) => m.gameId).sort());
    const audit = await fetchAudit(server.url, ORGANISER, id);
    expect(audit.filter((a) => a.actor === "olga").map((a) => a.action)).toEqual(["create", "open", "seed", "start"]);
    expect(audit.at(-1)).toMatchObject({ actor: "server", action: "finish", detail: { winner: expected[0] } });
    // A result reported again changes nothing.
    const again = await organiseTournament(server.url, ORGANISER, id, { type: "report", gameId: bracket.matches[0]!.gameId! });
    expect(again.standings).toEqual(standings.standings);
    expect(await refusal(organiseTournament(server.url, ORGANISER, id, { type: "report", gameId: "not-a-game" }))).toEqual({ code: "GAME_NOT_IN_TOURNAMENT", status: 409 });
  });

  it("a double elimination survives a SIGKILL of the node: the stored bracket goes on to its end", async () => {
    const { id, guests } = await registered("crash", 4, { name: "Crash duel", game: "dice_duel", format: "double_elimination", noShow: "bot", startsAt: new Date().toISOString() });
    await organiseTournament(server.url, ORGANISER, id, { type: "start" });
    await server.kill();
    await server.restart();
    await until("the tournament is finished after the restart", async () => (await fetchTournament(server.url, id)).status === "finished", 45_000);
    const bracket = await fetchBracket(server.url, id);
    const played = bracket.matches.filter((m) => m.gameId !== null);
    // 4 players, one grand final: 2 + 1 (winners) + 1 + 1 (losers) + 1 (grand final) duels.
    expect(played).toHaveLength(6);
    for (const m of played) expect(m.winner).toBe((await finalOf(m.gameId!)).winner[0]);
    const t = await fetchTournament(server.url, id);
    expect(t.tables).toHaveLength(6);
    expect(t.tables.every((x) => x.result !== null)).toBe(true);
    const standings = (await fetchStandings(server.url, id)).standings;
    expect(standings.map((s) => s.playerId).sort()).toEqual(guests.map((g) => g.player.id).sort());
    // The grand final's winner is first.
    const grandFinal = played.at(-1)!;
    expect(standings[0]!.playerId).toBe(grandFinal.winner);
  });

  it("a round robin of 4: every pair meets once, one duel at a time per player, standings by duels won", async () => {
    const { id, guests } = await registered("rr", 4, { name: "Round the table", game: "dice_duel", format: "round_robin", noShow: "bot", startsAt: new Date().toISOString() });
    const started = await organiseTournament(server.url, ORGANISER, id, { type: "start" });
    // Every match is ready at once, but a player plays one duel at a time: 2 duels start.
    expect(started.tables).toHaveLength(2);
    expect(new Set(started.tables.flatMap((x) => x.seats)).size).toBe(4);
    await until("the round robin is finished", async () => (await fetchTournament(server.url, id)).status === "finished", 45_000);
    const bracket = await fetchBracket(server.url, id);
    expect(bracket.matches).toHaveLength(6);
    const pairs = new Set<string>();
    const wins = new Map(guests.map((g) => [g.player.id, 0]));
    for (const m of bracket.matches) {
      const game = await finalOf(m.gameId!);
      pairs.add([...game.players].sort().join(" "));
      expect(m.winner).toBe(game.winner[0]);
      wins.set(game.winner[0]!, wins.get(game.winner[0]!)! + 1);
    }
    expect(pairs.size).toBe(6);
    const standings = (await fetchStandings(server.url, id)).standings;
    expect(standings.map((s) => s.wins)).toEqual(standings.map((s) => wins.get(s.playerId)));
    for (const a of standings) for (const b of standings) if (a.wins > b.wins) expect(a.place).toBeLessThan(b.place);
    expect(standings[0]!.wins).toBe(Math.max(...wins.values()));
  });
});
