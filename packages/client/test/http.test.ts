import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGuest, fetchCatalog, fetchLeaderboard, fetchQueues, fetchRating, fetchReplay } from "../src/index.js";
import { viewAt } from "./fakeServer.js";

/** The HTTP helpers against a real node:http server that answers as the game server documents. */

let server: Server;
let baseUrl: string;
const requests: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  requests.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
  const url = new URL(req.url ?? "/", "http://x");
  if (req.method === "POST" && url.pathname === "/base/api/guests") {
    const { name } = JSON.parse(body) as { name: string };
    if (name === "Nobody") return json(res, 400, { code: "INVALID_MESSAGE", message: "name: taken" });
    if (name === "Garbage") return json(res, 201, { token: 42 });
    return json(res, 201, { token: "tok", player: { id: "p9", name } });
  }
  if (req.method === "GET" && url.pathname === "/base/api/games/g1/replay") {
    if (req.headers.authorization !== "Bearer tok") return json(res, 401, { statusCode: 401, error: "Unauthorized", message: "a bearer token is required" });
    const at = Number(url.searchParams.get("at") ?? 2);
    return json(res, 200, {
      gameId: "g1",
      game: "dice",
      entries: [
        { seq: 1, by: "p1", command: { type: "roll" }, at: "2025-01-01T00:00:00.000Z" },
        { seq: 2, by: "p1", command: { type: "stop" }, at: "2025-01-01T00:00:01.000Z" },
      ],
      at,
      view: viewAt(at, "p1"),
    });
  }
  if (url.pathname === "/base/api/games/g2/replay") return json(res, 200, "not json {");
  if (url.pathname === "/base/api/players/p%201/rating") {
    const game = url.searchParams.get("game");
    return json(res, 200, { rating: { playerId: "p 1", game, mu: 25, sigma: 8.3, ordinal: 0, games: 0 }, history: [] });
  }
  if (url.pathname === "/base/api/ratings") {
    return json(res, 200, [{ playerId: "p1", game: url.searchParams.get("game"), mu: 30, sigma: 5, ordinal: 15, games: 4, name: "Ann" }]);
  }
  if (url.pathname === "/base/api/games/catalog") {
    return json(res, 200, [{ id: "dice", name: "Bang! The Dice Game", seats: { min: 3, max: 8 }, rankedSeats: { min: 4, max: 8 }, scoring: [{ when: "win", points: 5 }], legacyNames: ["classic"] }]);
  }
  if (url.pathname === "/base/api/queues") {
    const waits = { longestSeconds: null, windowSeconds: 600, matched: 0, medianSeconds: null, p90Seconds: null };
    return json(res, 200, [{ id: "dice_duel-2", game: "dice_duel", minSeats: 2, maxSeats: 2, botsAfterSeconds: null, maxWaitSeconds: 300, readySeconds: 15, waiting: 1, waits }]);
  }
  json(res, 404, { statusCode: 404, error: "Not Found", message: "Route not found" });
}

beforeEach(async () => {
  requests.length = 0;
  server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("createGuest", () => {
  it("posts the trimmed name and returns the token and the player", async () => {
    await expect(createGuest(baseUrl, "  Calamity ")).resolves.toEqual({ token: "tok", player: { id: "p9", name: "Calamity" } });
    expect(requests[0]).toMatchObject({ method: "POST", url: "/base/api/guests", body: JSON.stringify({ name: "Calamity" }) });
  });

  it("rejects a non-2xx answer with the server's code and the status", async () => {
    await expect(createGuest(baseUrl, "Nobody")).rejects.toMatchObject({ name: "ClientError", code: "INVALID_MESSAGE", message: "name: taken", status: 400 });
  });

  it("rejects a 2xx body of the wrong shape with BAD_RESPONSE", async () => {
    await expect(createGuest(baseUrl, "Garbage")).rejects.toMatchObject({ code: "BAD_RESPONSE" });
  });

  it("checks the name locally", async () => {
    await expect(createGuest(baseUrl, "   ")).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    await expect(createGuest(baseUrl, "x".repeat(25))).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    // The server's rule (@bang/protocol playerName): no invisible-only name, no bidi control.
    await expect(createGuest(baseUrl, "\u202e\u200b")).rejects.toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/^name: .*visible/) });
    await expect(createGuest(baseUrl, "evil\u202egod")).rejects.toMatchObject({ code: "INVALID_MESSAGE" });
    expect(requests).toHaveLength(0);
  });

  it("rejects with NETWORK when the server cannot be reached", async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = createServer();
    server.listen(0);
    await expect(createGuest(baseUrl, "Anyone")).rejects.toMatchObject({ code: "NETWORK" });
  });
});

describe("fetchReplay", () => {
  it("sends the bearer token and `at`, and returns the checked replay", async () => {
    const replay = await fetchReplay(baseUrl, "tok", "g1", 1);
    expect(requests[0]).toMatchObject({ method: "GET", url: "/base/api/games/g1/replay?at=1", authorization: "Bearer tok" });
    expect(replay.at).toBe(1);
    expect(replay.game).toBe("dice");
    expect(replay.entries.map((e) => e.command.type)).toEqual(["roll", "stop"]);
    expect(replay.view.stateId).toBe(1);
  });

  it("leaves `at` out when not given", async () => {
    await fetchReplay(baseUrl, "tok", "g1");
    expect(requests[0]?.url).toBe("/base/api/games/g1/replay");
  });

  it("maps a Fastify error body without protocol code to HTTP_ERROR with its message and status", async () => {
    await expect(fetchReplay(baseUrl, "nope", "g1")).rejects.toMatchObject({ code: "HTTP_ERROR", message: "a bearer token is required", status: 401 });
    await expect(fetchReplay(baseUrl, "tok", "g3")).rejects.toMatchObject({ code: "HTTP_ERROR", status: 404 });
  });

  it("rejects a body that is not a replay with BAD_RESPONSE", async () => {
    await expect(fetchReplay(baseUrl, "tok", "g2")).rejects.toMatchObject({ code: "BAD_RESPONSE" });
  });
});

describe("calls that name a game", () => {
  it("fetchRating and fetchLeaderboard ask for one game's ratings (?game=)", async () => {
    const rating = await fetchRating(baseUrl, "p 1", "dice_duel");
    expect(requests[0]?.url).toBe("/base/api/players/p%201/rating?game=dice_duel");
    expect(rating.rating).toMatchObject({ playerId: "p 1", game: "dice_duel" });
    const board = await fetchLeaderboard(baseUrl, "dice", 10);
    expect(requests[1]?.url).toBe("/base/api/ratings?game=dice&limit=10");
    expect(board).toEqual([{ playerId: "p1", game: "dice", mu: 30, sigma: 5, ordinal: 15, games: 4, name: "Ann" }]);
  });

  it("fetchCatalog lists the games the server hosts; fetchQueues each queue's game", async () => {
    const catalog = await fetchCatalog(baseUrl);
    expect(requests[0]?.url).toBe("/base/api/games/catalog");
    expect(catalog.map((g) => [g.id, g.seats, g.rankedSeats])).toEqual([["dice", { min: 3, max: 8 }, { min: 4, max: 8 }]]);
    const queues = await fetchQueues(baseUrl);
    expect(queues.map((q) => [q.id, q.game])).toEqual([["dice_duel-2", "dice_duel"]]);
  });
});
