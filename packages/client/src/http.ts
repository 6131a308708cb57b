import { gameCommand, gameEvent, gameName, gameView, playerName, playerId, seq, type GameCommand, type GameView } from "@bang/protocol";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { ClientError, isServerErrorCode } from "./errors.js";
import type { Player } from "./messages.js";

/**
 * HTTP calls of the server's API (`/api/...`) with the global fetch. A non-2xx answer rejects with a
 * {@link ClientError} carrying the server's code (or HTTP_ERROR) and the status; a body of the wrong
 * shape rejects with BAD_RESPONSE; an unreachable server with NETWORK.
 */

/** A guest identity: the signed token to give `hello`, and the player it names. */
export interface Guest {
  token: string;
  player: Player;
}

/** One stored log entry of a game, as a replay lists it. */
export interface ReplayEntry {
  seq: number;
  /** The acting player. */
  by: string;
  command: GameCommand;
  /** Its events as the viewer may see them (`{type, ...}`, the game's own); empty from a server that does not send them. */
  events: ({ type: string } & Record<string, unknown>)[];
  /** When it was stored (ISO 8601 text, or ms since the epoch). */
  at: string | number | null;
}

/** A game's log and the viewer's view after entry `at` (the game's module decides the view's shape). */
export interface Replay {
  gameId: string;
  game: string;
  entries: ReplayEntry[];
  at: number;
  view: GameView;
}

/** Options of every HTTP call: another fetch (tests, proxies), an abort signal. */
export interface HttpOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

// HTTP bodies have no schema in @bang/protocol yet: these follow the server's documented answers and
// accept extra fields, so that the server may add some.
const guestBody = z.object({ token: z.string().check(z.minLength(1)), player: z.object({ id: playerId, name: z.string() }) });
const replayBody = z.object({
  gameId: z.string().check(z.minLength(1)),
  game: gameName,
  // The server lists each stored command as the rules keep it, with its `by` (the entry's `by`).
  entries: z.array(
    z.object({
      seq: seq.check(z.minimum(1)),
      by: playerId,
      command: z.pipe(
        z.pipe(
          z.looseObject({}),
          z.transform(({ by: _by, ...rest }: Record<string, unknown>) => rest),
        ),
        gameCommand,
      ),
      events: z._default(z.array(gameEvent), []),
      at: z.nullable(z.union([z.string(), z.number()])),
    }),
  ),
  at: seq,
  view: gameView,
});
const errorBody = z.object({ code: z.optional(z.string()), message: z.optional(z.string()) });

/**
 * Creates a guest player named `name` (`POST /api/guests`). Keep the token: a player keeps their seat
 * across reconnects with it.
 */
export async function createGuest(baseUrl: string, name: string, options: HttpOptions = {}): Promise<Guest> {
  const checked = playerName.safeParse(name);
  if (!checked.success) throw new ClientError("INVALID_MESSAGE", `name: ${checked.error.issues[0]?.message ?? "not a valid name"}`);
  const trimmed = checked.data;
  const body = await request(apiUrl(baseUrl, "/api/guests"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: trimmed }) }, options);
  const { player, token } = check(guestBody, body, "POST /api/guests");
  return { token, player: { id: player.id, name: player.name } };
}

/**
 * The replay of game `gameId` (`GET /api/games/:id/replay?at=N`): its log entries (commands and events)
 * and the view after entry `at` (the server's default when omitted), as the token's owner may see it.
 */
export async function fetchReplay(baseUrl: string, token: string, gameId: string, at?: number, options: HttpOptions = {}): Promise<Replay> {
  const url = new URL(apiUrl(baseUrl, `/api/games/${encodeURIComponent(gameId)}/replay`));
  if (at !== undefined) url.searchParams.set("at", String(at));
  const body = await request(url.toString(), { method: "GET", headers: { authorization: `Bearer ${token}` } }, options);
  const replay = check(replayBody, body, "GET /api/games/:id/replay");
  return {
    gameId: replay.gameId,
    game: replay.game,
    entries: replay.entries.map((e) => ({ seq: e.seq, by: e.by, command: e.command, events: e.events, at: e.at })),
    at: replay.at,
    view: replay.view,
  };
}

/** `baseUrl` (with or without a trailing slash or a base path) joined with an absolute API path. */
export function apiUrl(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  url.search = "";
  url.hash = "";
  return url.toString();
}

/** Sends one request and returns its JSON body, or rejects with a ClientError. */
export async function request(url: string, init: RequestInit, options: HttpOptions): Promise<unknown> {
  return (await requestWithHeaders(url, init, options)).body;
}

/** As {@link request}, with the response's headers too (for answers that say something in a header). */
export async function requestWithHeaders(url: string, init: RequestInit, options: HttpOptions): Promise<{ body: unknown; headers: Headers }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, { ...init, signal: options.signal ?? null });
  } catch (error) {
    throw new ClientError("NETWORK", `${init.method ?? "GET"} ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    if (response.ok) throw new ClientError("BAD_RESPONSE", `${init.method ?? "GET"} ${url}: the answer is not JSON`, response.status);
  }
  if (!response.ok) {
    const parsed = errorBody.safeParse(body);
    const code = parsed.success && isServerErrorCode(parsed.data.code) ? parsed.data.code : "HTTP_ERROR";
    const message = (parsed.success && parsed.data.message) || `${init.method ?? "GET"} ${url} answered ${response.status} ${response.statusText}`.trim();
    throw new ClientError(code, message, response.status);
  }
  return { body, headers: response.headers };
}

/** The body checked against its schema, or a BAD_RESPONSE naming the first wrong fields. */
export function check<T>(schema: $ZodType<T>, body: unknown, what: string): T {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
    .join("; ");
  throw new ClientError("BAD_RESPONSE", `${what}: unexpected answer (${detail})`);
}
