import type { WireCommand } from "@bang/game-core";
import { answersBangDemand, answersShot, beerWorks } from "./rules/answers.js";
import { kindOf } from "./rules/deck.js";
import { checkPlay, isTargeted, type PlayIntent, type PlayTable } from "./rules/legality.js";
import { barrelSources } from "./rules/table.js";
import type { CardId, Command, PlayerId } from "./types.js";
import type { PlayerView } from "./view.js";

/**
 * What a player may do now, read from his own view (boardgame.io's `ai.enumerate`): every legal command
 * but two families listed by their shape: phase 3's discard (`discard`: exactly `count` of `cards`) and
 * Sid Ketchum's ability (`ability`: any 2 of `cards`).
 */
export interface LegalActions {
  commands: WireCommand<Command>[];
  discard: { count: number; cards: CardId[] } | null;
  ability: { cards: CardId[] } | null;
}

/** Refusals of checkPlay that come before any look at the target: the same for every target of a card. */
const TARGET_FREE: ReadonlySet<string> = new Set(["NOT_IN_HAND", "NOT_PLAYABLE", "BANG_LIMIT"]);

const NONE: LegalActions = { commands: [], discard: null, ability: null };

/** The legality table of a view for its player (the same checks the reducer runs). */
export function viewTable(view: PlayerView, me: PlayerId): PlayTable {
  return {
    seats: view.players.map((p) => ({ id: p.id, character: p.character, life: p.life, maxLife: p.maxLife, alive: p.alive, inPlay: p.inPlay, handSize: p.handSize, role: p.role })),
    me,
    hand: view.players.find((p) => p.id === me)?.hand ?? [],
    bangsPlayed: view.bangsPlayed,
  };
}

/**
 * E3.3: every legal phase-2 play of `table.me` (each card with each target and, for Panic!/Cat Balou,
 * each card choice), in hand order, then target order. Each candidate passes `checkPlay`, the reducer's
 * own check; only candidates of a shape `checkPlay` always refuses are not built: a target for a card
 * that takes none, no target for one that needs one, a Missed! unless Calamity Janet's as a BANG!.
 */
export function legalPlays(table: PlayTable): WireCommand<Command>[] {
  const out: WireCommand<Command>[] = [];
  const others = table.seats.filter((p) => p.alive && p.id !== table.me);
  const me = table.seats.find((p) => p.id === table.me)!;
  /** Adds the play when legal; false when no target can make this card legal (its refusal does not depend on the target). */
  const add = (intent: PlayIntent): boolean => {
    const error = checkPlay(table, intent);
    if (error !== null) return !TARGET_FREE.has(error.code);
    const command: WireCommand<Command> & Record<string, unknown> = { type: "play", card: intent.card };
    if (intent.target !== undefined) command.target = intent.target;
    if (intent.targetCard !== undefined) command.targetCard = intent.targetCard;
    if (intent.as !== undefined) command.as = intent.as;
    out.push(command);
    return true;
  };
  for (const card of new Set(table.hand)) {
    const kind = kindOf(card);
    if (isTargeted(kind)) {
      for (const t of others) {
        if (!add({ card, target: t.id })) break;
        if (kind === "panic" || kind === "cat_balou") for (const c of t.inPlay) add({ card, target: t.id, targetCard: c });
      }
    } else if (kind === "missed") {
      if (me.character === "calamity_janet") for (const t of others) if (!add({ card, target: t.id, as: "bang" })) break;
    } else {
      add({ card });
    }
  }
  return out;
}

/** Lists the legal actions of `me` in `view` (E3, E5, E7, E10). Nothing when the game does not wait for `me`. */
export function legalActions(view: PlayerView, me: PlayerId): LegalActions {
  if (view.waitingFor[0] !== me) return NONE;
  const seatOf = view.players.find((p) => p.id === me)!;
  const hand = seatOf.hand ?? [];
  const sid = seatOf.character === "sid_ketchum" && seatOf.life < seatOf.maxLife && hand.length >= 2 ? { cards: [...hand] } : null;
  const pending = view.pending;
  switch (view.phase) {
    case "draw": {
      const commands: WireCommand<Command>[] = [{ type: "draw" }];
      if (seatOf.character === "pedro_ramirez" && view.discard.length > 0) commands.push({ type: "draw", from: "discard" });
      if (seatOf.character === "jesse_jones") for (const p of view.players) if (p.alive && p.id !== me && p.handSize > 0) commands.push({ type: "draw", from: p.id });
      return { ...NONE, commands, ability: sid };
    }
    case "choice": {
      const cards = (pending?.cards ?? []).filter((c): c is CardId => c !== null);
      if (pending?.kind === "lucky") return { ...NONE, commands: cards.map((card) => ({ type: "choose", card })) };
      const keeps: WireCommand<Command>[] = [];
      for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) keeps.push({ type: "keep", cards: [cards[i]!, cards[j]!] });
      return { ...NONE, commands: keeps };
    }
    case "generalStore":
      return { ...NONE, commands: (pending?.cards ?? []).filter((c): c is CardId => c !== null).map((card) => ({ type: "pick", card })), ability: sid };
    case "play":
      return { commands: [...legalPlays(viewTable(view, me)), { type: "end" }], discard: null, ability: sid };
    case "discard":
      return { ...NONE, discard: { count: hand.length - Math.max(0, seatOf.life), cards: [...hand] }, ability: sid };
    case "response": {
      const commands: WireCommand<Command>[] = [];
      const unique = [...new Set(hand)];
      if (pending?.kind === "shot") {
        for (const card of unique) if (answersShot(card, seatOf.character)) commands.push({ type: "respond", card });
        for (const source of barrelSources(seatOf)) if (!pending.used.includes(source)) commands.push({ type: "barrel", source });
      } else if (pending?.kind === "duel" || pending?.kind === "indians") {
        for (const card of unique) if (answersBangDemand(card, seatOf.character)) commands.push({ type: "respond", card });
      } else if (pending?.kind === "dying") {
        const alive = view.players.filter((p) => p.alive).length;
        if (beerWorks(alive)) for (const card of unique) if (kindOf(card) === "beer") commands.push({ type: "respond", card });
      }
      commands.push({ type: "pass" });
      return { commands, discard: null, ability: sid };
    }
    default:
      return NONE;
  }
}
