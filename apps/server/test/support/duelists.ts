/**
 * Duellists over the client SDK for end-to-end tests (RULES.md part D): a loop that plays a duel seat
 * with a bot over the player's OWN view, with an optional script for the duel picks (to force equal
 * cards, or to let a pick time out), and a check of every frame a player received for an opponent's
 * pick shown before the reveal.
 */
import { createBot, type BotKind } from "@bang/bots";
import { ClientError, newCommandId } from "@bang/client";
import type { DuelCard, DuelView } from "@bang/engine";
import type { GameCommand } from "@bang/protocol";
import type { Player } from "./players.js";

/** What the script does with a pick: a card, `bot` (the bot picks), or `skip` (let it time out). */
export type PickScript = (view: DuelView, me: string) => DuelCard | "bot" | "skip";

export interface Duellist {
  readonly done: Promise<DuelView>;
  /** Looks at the view again (after a script's condition changed outside the game). */
  poke(): void;
  readonly refusals: { code: string; command: GameCommand }[];
  readonly sent: GameCommand[];
}

const RACE_CODES = new Set(["NOT_YOUR_TURN", "WRONG_PHASE"]);

/** Plays `player`'s duel seat to game over; the view decides when (waitingFor includes the player). */
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
): Duellist {
  const bot = createBot(options.kind ?? "heuristic", options.seed ?? 1);
  const me = player.id;
  const refusals: { code: string; command: GameCommand }[] = [];
  const sent: GameCommand[] = [];
  let busy = false;
  let finish!: (view: DuelView) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<DuelView>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const timer = setTimeout(() => fail(new Error(`${me}: duel ${gameId} not over in time (seq ${player.client.lastSeq(gameId)})`)), options.timeoutMs ?? 90_000);
  const end = (view: DuelView) => {
    clearTimeout(timer);
    off();
    finish(view);
  };
  const choose = (view: DuelView): GameCommand | null => {
    if (view.phase === "duel" && options.picks) {
      const scripted = options.picks(view, me);
      if (scripted === "skip") return null;
      if (scripted !== "bot") return { type: "pick", card: scripted };
    }
    const { by: _by, ...wire } = bot.choose(view, me);
    return wire as GameCommand;
  };
  const tick = (): void => {
    if (busy) return;
    const view = player.client.view(gameId) as DuelView | undefined;
    if (!view) return;
    if (view.phase === "gameOver") return end(view);
    if (!view.waitingFor.includes(me)) return;
    const command = choose(view);
    if (!command) return;
    busy = true;
    sent.push(command);
    player.client.send(gameId, command, { id: newCommandId() }).then(
      async () => {
        if (options.afterAck) await options.afterAck(command);
        busy = false;
        tick();
      },
      (error: unknown) => {
        busy = false;
        if (error instanceof ClientError && RACE_CODES.has(error.code)) {
          refusals.push({ code: error.code, command });
          return tick();
        }
        clearTimeout(timer);
        off();
        fail(error);
      },
    );
  };
  const off = player.client.on("state", (id) => id === gameId && tick());
  tick();
  return { done, refusals, sent, poke: tick };
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
  frames.forEach((text, i) => {
    const message = JSON.parse(text) as { type: string; gameId?: string; by?: string; command?: { type: string; card?: unknown }; events?: { type: string; card?: unknown }[]; view?: DuelView };
    if (message.gameId !== gameId || (message.type !== "event" && message.type !== "snapshot")) return;
    const view = message.view;
    if (view?.mode !== "duel") return;
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
