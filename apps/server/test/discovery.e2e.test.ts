/**
 * The public routes of the players' pages on a real server (child process, a fresh PostgreSQL
 * database), for every game: the running games to watch (GET /api/games/live), what a game id or a
 * table code names (GET /api/lookup/:ref), a player's page and games (GET /api/players/:id, /games),
 * and the events of each replay entry. Games: a rated duel of two people from the dice_duel-2 queue
 * played to its end, a duel against the server's bot that waits for its person (it stays running),
 * and a table nobody started. Every bad input is refused with a stable code and changes nothing.
 */
import type { DuelView } from "@bang/game-dice-duel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playDuelSeat } from "./support/duelists.js";
import { closeAll, connectPlayer, http, startTable, type Player } from "./support/players.js";
import { startServer, type TestServer } from "./support/server.js";

let server: TestServer;
const everyone: Player[] = [];
/** The rated duel of anna and bert (finished), its winner; the duel of carl against the bot (running); dora's open table. */
let rated: { gameId: string; winner: string };
let running: { gameId: string; code: string };
let open: { code: string };
let anna: Player, bert: Player, carl: Player, dora: Player;

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${server.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const get = async (path: string) => http(`${server.url}${path}`);

beforeAll(async () => {
  server = await startServer({ backend: "postgresql", env: { MATCHMAKING_TICK_MS: "50" } });
  everyone.push(...(await Promise.all(["anna", "bert", "carl", "dora"].map((n) => connectPlayer(server.url, n)))));
  [anna, bert, carl, dora] = everyone as [Player, Player, Player, Player];
  // A rated duel: both queue in dice_duel-2, confirm, and play it to its end from their own views.
  for (const p of [anna, bert]) p.client.on("matchFound", (m) => void p.client.confirmMatch(m.matchId));
  await anna.client.joinQueue("dice_duel-2");
  await bert.client.joinQueue("dice_duel-2");
  await until("both play", () => [anna, bert].every((p) => p.client.queue.state === "playing"));
  const gameId = anna.client.queue.state === "playing" ? anna.client.queue.gameId : "";
  const ends = await Promise.all([anna, bert].map((p, i) => playDuelSeat(p, gameId, { seed: 3 + i, timeoutMs: 60_000 }).done));
  const end: DuelView = ends[0]!;
  rated = { gameId, winner: end.winner!.players[0]! };
  // The bot's duel waits for carl, who never picks (a 600 s turn): it stays running.
  const started = await startTable([carl], { game: "dice_duel", seats: 2, fillBots: true, turnSeconds: 600 });
  running = { gameId: started.gameId, code: started.code };
  open = { code: (await dora.client.createTable({ game: "dice", seats: 4 })).code };
}, 150_000);
afterAll(async () => {
  await closeAll(everyone);
  await server?.dispose();
});

type Listing = { id: string; game: string; name: string; players: { id: string; name: string; bot: string | null }[]; ageSeconds: number; spectatorsAllowed: boolean };
type Live = { total: number; games: Listing[] };

describe("GET /api/games/live", () => {
  it("lists the running games anyone may watch: game, players, age; a finished game is not there", async () => {
    const { status, body } = await get("/api/games/live");
    expect(status).toBe(200);
    const live = body as Live;
    expect(live.total).toBe(1);
    expect(live.games.map((g) => g.id)).toEqual([running.gameId]);
    const [g] = live.games;
    expect(g).toMatchObject({ game: "dice_duel", name: expect.stringMatching(/duel/i), spectatorsAllowed: true });
    expect(g!.players.map((p) => [p.id === carl.id, p.name, p.bot])).toEqual([
      [true, "carl", null],
      [false, expect.any(String), "heuristic"],
    ]);
    expect(g!.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(g!.ageSeconds).toBeLessThan(300);
  });

  it("filters by game and pages; bad input is refused with a stable code and changes nothing", async () => {
    expect(((await get("/api/games/live?game=dice_duel")).body as Live).games).toHaveLength(1);
    expect((await get("/api/games/live?game=dice")).body).toEqual({ total: 0, games: [] });
    expect((await get("/api/games/live?limit=1&offset=1")).body).toEqual({ total: 1, games: [] });
    const before = (await get("/api/games/live")).body;
    for (const [query, code, status] of [
      ["?game=poker", "UNKNOWN_GAME", 400],
      ["?limit=0", "INVALID_MESSAGE", 400],
      ["?limit=201", "INVALID_MESSAGE", 400],
      ["?offset=-1", "INVALID_MESSAGE", 400],
      ["?status=running", "INVALID_MESSAGE", 400],
    ] as const) {
      const refused = await get(`/api/games/live${query}`);
      expect(refused.status, query).toBe(status);
      expect(refused.body, query).toMatchObject({ code, message: expect.any(String) });
    }
    expect((await get("/api/games/live?game=poker")).body).toMatchObject({ message: expect.stringContaining("game") });
    const after = (await get("/api/games/live")).body as Live;
    expect(after.games.map((g) => g.id)).toEqual((before as Live).games.map((g) => g.id));
  });
});

describe("GET /api/lookup/:ref", () => {
  it("a game id names the game (its status and table code); a table code, in any case, names the table and its game", async () => {
    expect((await get(`/api/lookup/${running.gameId}`)).body).toMatchObject({ kind: "game", game: "dice_duel", status: "running", gameId: running.gameId, code: running.code });
    expect((await get(`/api/lookup/${rated.gameId}`)).body).toMatchObject({ kind: "game", status: "finished", gameId: rated.gameId, code: null });
    expect((await get(`/api/lookup/${running.code.toLowerCase()}`)).body).toMatchObject({ kind: "table", game: "dice_duel", status: "playing", gameId: running.gameId, code: running.code });
    expect((await get(`/api/lookup/${open.code}`)).body).toEqual({ kind: "table", game: "dice", status: "open", gameId: null, code: open.code, seats: 4, free: 3 });
  });

  it("neither a table nor a game: 404 CODE_NOT_FOUND; a ref that cannot be either: 400 INVALID_MESSAGE", async () => {
    const missing = await get("/api/lookup/ZZZZ99");
    expect(missing).toEqual({ status: 404, body: { code: "CODE_NOT_FOUND", message: expect.stringContaining("ZZZZ99") } });
    expect((await get("/api/lookup/no-such-game-id")).status).toBe(404);
    for (const ref of ["a%20b", "x".repeat(65), "%C3%A9t%C3%A9"]) {
      const refused = await get(`/api/lookup/${ref}`);
      expect(refused.status, ref).toBe(400);
      expect(refused.body, ref).toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringContaining("ref") });
    }
    // The open table is still open with its free seats (a lookup changes nothing).
    expect((await get(`/api/lookup/${open.code}`)).body).toMatchObject({ status: "open", free: 3 });
  });
});

type Profile = { id: string; name: string; since: string; ratings: { game: string; games: number; ordinal: number }[]; games: { running: number; finished: number; abandoned: number } };
type PlayerGames = { total: number; games: { id: string; game: string; status: string; outcome: string; winner: { team: string; players: string[] } | null; players: { id: string; name: string; bot: string | null }[] }[] };

describe("GET /api/players/:id and /api/players/:id/games", () => {
  it("a player's page: name, ratings per game (the rated duel counted once), games played", async () => {
    const { status, body } = await get(`/api/players/${anna.id}`);
    expect(status).toBe(200);
    const profile = body as Profile;
    expect(profile).toMatchObject({ id: anna.id, name: "anna", games: { running: 0, finished: 1, abandoned: 0 } });
    expect(profile.ratings).toEqual([expect.objectContaining({ game: "dice_duel", games: 1 })]);
    expect(((await get(`/api/players/${carl.id}`)).body as Profile)).toMatchObject({ ratings: [], games: { running: 1, finished: 0 } });
  });

  it("a player's games, newest first, with how each went for them; filters by status and game", async () => {
    for (const p of [anna, bert]) {
      const games = (await get(`/api/players/${p.id}/games`)).body as PlayerGames;
      expect(games.total).toBe(1);
      expect(games.games[0]).toMatchObject({ id: rated.gameId, game: "dice_duel", status: "finished", outcome: p.id === rated.winner ? "won" : "lost", winner: { team: "duel", players: [rated.winner] } });
      expect(games.games[0]!.players.map((s) => s.name).sort()).toEqual(["anna", "bert"]);
    }
    expect(((await get(`/api/players/${carl.id}/games?status=running`)).body as PlayerGames).games.map((g) => [g.id, g.outcome])).toEqual([[running.gameId, "running"]]);
    expect((await get(`/api/players/${carl.id}/games?status=finished`)).body).toEqual({ total: 0, games: [] });
    expect((await get(`/api/players/${carl.id}/games?game=dice`)).body).toEqual({ total: 0, games: [] });
    expect((await get(`/api/players/${dora.id}/games`)).body).toEqual({ total: 0, games: [] });
  });

  it("an unknown player is 404 PLAYER_NOT_FOUND (a bot too); bad filters are refused", async () => {
    const bot = ((await get("/api/games/live")).body as Live).games[0]!.players.find((p) => p.bot)!.id;
    for (const path of ["/api/players/nobody", `/api/players/${bot}`, "/api/players/nobody/games"]) {
      expect(await get(path), path).toEqual({ status: 404, body: { code: "PLAYER_NOT_FOUND", message: expect.any(String) } });
    }
    for (const [query, code] of [
      ["?status=won", "INVALID_MESSAGE"],
      ["?game=poker", "UNKNOWN_GAME"],
      ["?limit=0", "INVALID_MESSAGE"],
      ["?player=x", "INVALID_MESSAGE"],
    ] as const) {
      const refused = await get(`/api/players/${anna.id}/games${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toMatchObject({ code });
    }
    expect((await get(`/api/players/${"x".repeat(65)}`)).body).toMatchObject({ code: "INVALID_MESSAGE" });
  });
});

describe("GET /api/games/:id/replay", () => {
  it("each entry carries its events as the viewer may see them (the player's page steps through them)", async () => {
    type Entry = { seq: number; command: { type: string }; events: { type: string }[] };
    for (const token of [anna.guest.token, ""]) {
      const { entries } = (await http(`${server.url}/api/games/${rated.gameId}/replay`, token ? { token } : {})).body as { entries: Entry[] };
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) expect(Array.isArray(e.events), `entry ${e.seq}`).toBe(true);
      expect(entries.at(-1)!.events.map((e) => e.type)).toContain("gameOver");
    }
    const live = (await get(`/api/games/${running.gameId}/replay`)).body as { entries: Entry[] };
    for (const e of live.entries) expect(Array.isArray(e.events)).toBe(true);
  });
});
