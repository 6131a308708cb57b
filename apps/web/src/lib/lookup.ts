/**
 * Where a box goes for what a game id or a table code names (plain functions, no I/O): the watch box
 * and the join box each accept either, so a player never has to know which one they were given.
 */
import type { Lookup } from "@bang/client";

/** Go to a page, or say something (with a way on). */
export type Destination = { go: string } | { say: string; link?: { href: string; label: string } };

/** What a game id or a table code may look like: a game id's characters, a table code's in any case. */
export const REF_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** A table code: 4 to 8 capital letters or digits. */
export const TABLE_CODE = /^[A-Z0-9]{4,8}$/;

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The page of a game: its table while it runs (your seat if you have one), else its replay. */
export function gamePage(gameId: string, running: boolean, seated: boolean): string {
  if (!running) return path("/replay", gameId);
  return path(seated ? "/play" : "/watch", gameId);
}

/** The watch box: a game (or a started table's game) is watched, or replayed once over; an open table is joined first. */
export function watchDestination(found: Lookup, seated = false): Destination {
  if (found.kind === "game") return { go: gamePage(found.gameId!, found.status === "running", seated) };
  if (found.gameId) return { go: gamePage(found.gameId, found.status === "playing", seated) };
  return { say: `Table ${found.code} has not started yet: there is nothing to watch.`, link: { href: path("/join", found.code!), label: "Join the table" } };
}

/**
 * The join box, for what is not an open table one can sit at: a game goes to its page; a table that has
 * started goes to its game; an open table that could not be joined says so.
 */
export function joinDestination(found: Lookup, seated = false): Destination {
  if (found.kind === "game") return { go: gamePage(found.gameId!, found.status === "running", seated) };
  if (found.gameId) {
    const over = found.status !== "playing";
    return { say: `Table ${found.code} has ${over ? "finished" : "already started"}.`, link: { href: gamePage(found.gameId, !over, seated), label: over ? "See its replay" : seated ? "Back to your game" : "Watch its game" } };
  }
  return { say: `Table ${found.code} could not be joined just now: try again in a moment.` };
}
