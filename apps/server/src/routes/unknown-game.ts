import { findGame, gameIds } from "@bang/games";

/** The answer to a game id no registered module has: 400 UNKNOWN_GAME. */
export interface UnknownGameBody {
  code: "UNKNOWN_GAME";
  message: string;
}

/**
 * The refusal of `game` when no module of that id is registered on this node (400 UNKNOWN_GAME, the
 * message naming `field` and the games there are), or null for a registered game or none given.
 */
export function unknownGame(game: string | undefined, field = "game"): UnknownGameBody | null {
  if (game === undefined || findGame(game)) return null;
  return { code: "UNKNOWN_GAME", message: `${field}: unknown game ${JSON.stringify(game)} (one of ${gameIds().join(", ")})` };
}
