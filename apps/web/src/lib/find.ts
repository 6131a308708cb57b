/**
 * The join box and the watch box over the SDK: a table code or a game id, whichever was given. The
 * decisions are lookup.ts's; this file only asks the server.
 */
import { ClientError, fetchSeats, lookupRef, type BangClient, type Lookup } from "@bang/client";
import type { TableView } from "@bang/protocol";
import { codeOf } from "./errors";
import { joinDestination, REF_PATTERN, TABLE_CODE, watchDestination, type Destination } from "./lookup";

/** The refusal shown when `ref` names nothing (the server's CODE_NOT_FOUND, or a ref no server could know). */
function notFound(ref: string): ClientError {
  return new ClientError("CODE_NOT_FOUND", `No table has the code "${ref}" and no game has this id.`);
}

/** What `ref` names on the server at `url`; CODE_NOT_FOUND for nothing (checked here first when it cannot be either). */
async function find(url: string, ref: string): Promise<Lookup> {
  if (!REF_PATTERN.test(ref)) throw notFound(ref);
  try {
    return await lookupRef(url, ref);
  } catch (e) {
    throw codeOf(e) === "CODE_NOT_FOUND" || codeOf(e) === "INVALID_MESSAGE" ? notFound(ref) : e;
  }
}

/** Does `me` have a seat in game `gameId`? (False when the seats cannot be read: the page then only watches.) */
async function seatedIn(url: string, gameId: string | null, me: string | null): Promise<boolean> {
  if (!gameId || !me) return false;
  return fetchSeats(url, gameId).then((s) => s.seats.some((x) => x.id === me && x.bot === null)).catch(() => false);
}

/**
 * Sits `client` at the open table `ref` names (a code in any case; already seated: the table as it is),
 * or says where else `ref` leads (a game id, a started table). Rejects with the server's refusal
 * (TABLE_FULL, TOO_MANY_TABLES...) or CODE_NOT_FOUND.
 */
export async function joinByRef(client: BangClient, url: string, ref: string, me: string | null): Promise<{ table: TableView } | Destination> {
  const given = ref.trim();
  const code = given.toUpperCase();
  if (TABLE_CODE.test(code)) {
    try {
      return { table: await client.joinTable(code) };
    } catch (e) {
      const known = codeOf(e) === "ALREADY_SEATED" ? client.table(code) : undefined;
      if (known) return { table: known };
      if (codeOf(e) !== "TABLE_NOT_FOUND" && codeOf(e) !== "ALREADY_STARTED") throw e;
    }
  }
  const found = await find(url, given);
  return joinDestination(found, await seatedIn(url, found.gameId, me));
}

/**
 * What an invite link's `ref` leads to, asked before a newcomer is asked a name: null when it is an open
 * table with a free seat (the page then asks the name and joins), else where to go (a game's page) or
 * what to say (a table that is full, started or finished). Rejects with CODE_NOT_FOUND when it names nothing, so that nobody
 * picks a name (a stored guest) for a code that leads nowhere.
 */
export async function inviteTarget(url: string, ref: string): Promise<Destination | null> {
  const found = await find(url, ref.trim());
  if (found.kind !== "game" && !found.gameId) return found.free === 0 ? { say: `Table ${found.code} is full: ask its host for another.` } : null;
  return joinDestination(found, false);
}

/** Where the watch box goes for `ref`, a game id or a table code. Rejects with CODE_NOT_FOUND. */
export async function watchByRef(url: string, ref: string, me: string | null): Promise<Destination> {
  const found = await find(url, ref.trim());
  return watchDestination(found, await seatedIn(url, found.gameId, me));
}
