import { replaySteps, type AnyGameModule, type EventBase, type SetupBase, type StateBase, type ViewBase } from "@bang/game-core";
import { logEntriesOf, type TimelineSource } from "./timeline.js";

/** One log entry as a player saw it: the command without `by` (a secret field hidden where the rules hide it) and the events they may see. */
export interface SeenEntry {
  seq: number;
  by: string;
  command: { type: string } & Record<string, unknown>;
  events: EventBase[];
}

/** A player's own view of a game after entry `at`, and entries 1..at as they knew them then. */
export interface PlayerViewAt {
  view: ViewBase;
  entries: SeenEntry[];
}

type Rules = Pick<AnyGameModule, "id" | "create" | "apply">;

/** The replayed steps of the first `at` entries (steps[0] is the deal). Throws ReplayError when they do not replay. */
function stepsUpTo(module: Rules, setup: SetupBase, entries: readonly TimelineSource[], at: number) {
  return replaySteps(module, { game: module.id, setup, entries: logEntriesOf(entries.slice(0, at)) });
}

/**
 * What player `playerId` saw of the game after its first `at` entries (0: the deal), replayed from
 * the log with the module's pure rules: their own view (`view(state, {kind: "player", id})`, the
 * others' secrets hidden as the module hides them) and every entry up to `at` as the module shows it
 * to them as of that point (`viewEvent` with `now` = the state after entry `at`: a secret choice shows
 * once the game revealed it by then). `at` must be within 0..entries.length (the caller checks);
 * throws ReplayError when the log does not replay.
 */
export function playerViewAt(module: Rules & Pick<AnyGameModule, "view" | "viewEvent">, setup: SetupBase, entries: readonly TimelineSource[], at: number, playerId: string): PlayerViewAt {
  const steps = stepsUpTo(module, setup, entries, at);
  const viewer = { kind: "player" as const, id: playerId };
  const now = steps[at]!.state;
  return {
    view: module.view(now, viewer),
    entries: entries.slice(0, at).map((e, i) => {
      const shown = module.viewEvent({ command: e.command, events: steps[i + 1]!.events, state: steps[i + 1]!.state }, viewer, now);
      return { seq: e.seq, by: e.playerId, command: shown.command, events: shown.events };
    }),
  };
}

/** The full state after the first `at` entries (admin only: every secret is in it). Throws ReplayError when the log does not replay. */
export function stateAt(module: Rules, setup: SetupBase, entries: readonly TimelineSource[], at: number): StateBase {
  return stepsUpTo(module, setup, entries, at)[at]!.state;
}
