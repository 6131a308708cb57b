import type { WireCommand } from "@bang/game-core";
import { playersToAct } from "./apply.js";
import type { CngCommand, CngState, PlayerId } from "./types.js";

/**
 * The command played for `player` whose timer ran out, or null. F3.5, F10.15: at the hold-up,
 * `close_hold_up` (every player who has not aimed holds nobody up this round, and still chooses courage
 * and may share). Elsewhere null: F10.15 leaves the other timers to the server, where a bot plays for
 * the absent player (DESIGN invariant 7) until they return. Null too when the game does not wait for
 * `player`.
 */
export function timeoutCommand(s: CngState, player: PlayerId): WireCommand<CngCommand> | null {
  if (!playersToAct(s).includes(player)) return null;
  return s.phase === "hold_up" ? { type: "close_hold_up" } : null;
}
