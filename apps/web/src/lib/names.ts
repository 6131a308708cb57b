/**
 * Names of the players of a game (from its seats): the shell and every game's UI show names, never raw
 * player ids, and fall back to the id for a seat not known yet.
 */

/** Player id -> the name shown (GET /api/games/:id/seats). */
export type Names = ReadonlyMap<string, string>;

/** The name of player `id`, the id itself when unknown, "nobody" without an id. */
export const nameOf = (names: Names, id: string | null | undefined): string => (id ? (names.get(id) ?? id) : "nobody");

/** The names of `ids`, joined by commas ("nobody" for none). */
export const namesOf = (names: Names, ids: readonly string[]): string => (ids.length === 0 ? "nobody" : ids.map((id) => nameOf(names, id)).join(", "));
