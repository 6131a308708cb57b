/**
 * Duellists over the client SDK for end-to-end tests of the duel (RULES.md part D): a duel seat played
 * by playSeat with an optional script for the duel picks (to force equal cards, or to let a pick time
 * out), and a check of every frame a player received for an opponent's pick shown before the reveal.
 */
import type { DuelCard, DuelView } from "@bang/game-dice-duel";
import type { BotKind } from "@bang/game-core";
import type { GameCommand } from "@bang/protocol";
import { playSeat, type Player, type Seat } from "./players.js";
import { WholeViews } from "./whole-views.js";

/** What the script does with a pick: a card, `bot` (the bot picks), or `skip` (let it time out). */
export type PickScript = (view: DuelView, me: string) => DuelCard | "bot" | "skip";

/** Plays `player`'s duel seat to game over (the view waits for nobody), the picks scripted by `picks`. */
export function playDuelSeat(
  player: Player,
  gameId: string,
  options: {
    kind?: BotKind;
    seed?: number;
    picks?: PickScript;
    /** Awaited after each accepted command, before the seat acts again. */
    afterAck?: (command: GameCommand) => Promise<void>;
    timeoutMs?: number;
  } = {},
): Seat<DuelView> {
  const { picks, ...rest } = options;
  return playSeat<DuelView>(player, gameId, {
    ...rest,
    timeoutMs: options.timeoutMs ?? 90_000,
    ...(picks
      ? {
          script: (view, me) => {
            if (view.phase !== "duel") return "bot";
            const scripted = picks(view, me);
            return scripted === "bot" || scripted === "skip" ? scripted : { type: "pick", card: scripted };
          },
        }
      : {}),
  });
}

/** A problem found in a frame a player received: an opponent's pick shown before the reveal. */
export interface Leak {
  frame: number;
  what: string;
}

/**
 * R8.9, DESIGN invariant 4: scans every frame `player` received for game `gameId`. Cards appear only in
 * a pick command, a view's `duel.picks`, `lastDuel` and `duelRevealed` events; so a frame leaks when an
 * opponent's pick command still pending in that frame's view carries its card, when a view shows an
 * opponent's pick card, or when a `duelPicked` event carries a card. Returns the leaks and how many
 * frames showed an opponent's pick pending (the check must have had something to check).
 */
export function scanForEarlyPicks(player: Player, gameId: string): { leaks: Leak[]; pendingSeen: number } {
  const leaks: Leak[] = [];
  let pendingSeen = 0;
  const frames = player.sockets.flatMap((s) => s.frames);
  // Whole views, as the SDK makes them from events' view changes (hello feature viewChanges).
  const views = new WholeViews();
  frames.forEach((text, i) => {
    const message = JSON.parse(text) as { type: string; gameId?: string; seq: number; game?: string; by?: string; command?: { type: string; card?: unknown }; events?: { type: string; card?: unknown }[]; view?: DuelView };
    if (message.gameId !== gameId || (message.type !== "event" && message.type !== "snapshot")) return;
    const view = views.of<DuelView>({ ...message, gameId });
    if (message.game !== "dice_duel" || !view) return;
    for (const pick of view.duel?.picks ?? []) {
      if (pick.player === player.id) continue;
      if (pick.picked) pendingSeen++;
      if (pick.card !== null) leaks.push({ frame: i, what: `view.duel.picks shows ${pick.player}'s card ${String(pick.card)}` });
    }
    if (message.type === "event" && message.by !== player.id && message.command?.type === "pick") {
      const pending = view.phase === "duel" && view.duel?.picks.some((p) => p.player === message.by && p.picked);
      if (pending && "card" in message.command) leaks.push({ frame: i, what: `the pending pick command of ${message.by} carries ${String(message.command.card)}` });
    }
    for (const e of message.events ?? []) if (e.type === "duelPicked" && "card" in e) leaks.push({ frame: i, what: "a duelPicked event carries a card" });
  });
  return { leaks, pendingSeen };
}
