/**
 * The public reads every game page makes (the seats of a game, is the server up?), kept apart from the
 * admin's calls so that a player's page loads only zod/mini and these few schemas.
 */
import { playerId } from "@bang/protocol";
import * as z from "zod/mini";
import { apiUrl, check, request, type HttpOptions } from "./http.js";

/** The schema of one seat of a game (GET /api/games/:id/seats). */
export const seat = z.object({ seat: z.number(), id: playerId, name: z.string(), bot: z.nullable(z.string()) });
/** A seat of a game: engine id, the name shown, the bot kind (null for a person). */
export type GameSeat = z.infer<typeof seat>;
const seats = z.object({ gameId: z.string(), status: z.string(), seats: z.array(seat) });

/** The seats of any game (public: names and bot kinds, nothing secret). Rejects as the HTTP calls do (http.ts). */
export async function fetchSeats(baseUrl: string, gameId: string, options: HttpOptions = {}): Promise<{ gameId: string; status: string; seats: GameSeat[] }> {
  const body = await request(apiUrl(baseUrl, `/api/games/${encodeURIComponent(gameId)}/seats`), { method: "GET" }, options);
  return check(seats, body, `GET /api/games/${gameId}/seats`);
}

/** `GET /healthz` answers: is the server up? Never throws. */
export async function serverAlive(baseUrl: string, options: HttpOptions = {}): Promise<boolean> {
  try {
    await request(apiUrl(baseUrl, "/healthz"), { method: "GET" }, options);
    return true;
  } catch {
    return false;
  }
}
