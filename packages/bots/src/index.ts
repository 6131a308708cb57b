/**
 * @bang/bots: players that choose a command from their own view only (never the full state).
 * PLACEHOLDER API, being implemented: see bot.ts, random.ts, heuristic.ts.
 */
import type { Command, PlayerId, PlayerView } from "@bang/engine";

/** A bot: given its own view, the command it plays next (the view must be waiting for it). */
export interface Bot {
  readonly kind: BotKind;
  choose(view: PlayerView, me: PlayerId): Command;
}
export type BotKind = "random" | "heuristic";
