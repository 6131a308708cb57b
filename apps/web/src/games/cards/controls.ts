/**
 * The seated player's controls of Bang! the card game as a pure model (no React, no I/O): for a view and
 * a draft (the card tapped, the target tapped, the cards picked, not sent yet), every click the
 * controls offer (`inputs`) and every button that sends, with the exact command it sends (`sends`).
 * Hand.tsx, Seat.tsx and Controls.tsx draw exactly this; apps/web/test/games/cards/controls.test.ts
 * checks that every legal command of the module can be made by these clicks and that nothing illegal is
 * offered. What is legal comes from the module's `legalActions` on the player's own view.
 */
import type { WireCommand } from "@bang/game-core";
import { kindOf, legalActions, type CardId, type Command, type LegalActions, type PlayerView } from "@bang/game-cards";
import { isOffered, type Offer, type SendAction } from "../../components/table/controls";
import { nameOf, type Names } from "../../lib/names";
import { CARD_HELP } from "./help";
import { waitWords } from "./table";
import { cardLabel, cardName, count, KIND_NAME } from "./words";

/** A command of the card game as the page sends it (the server adds `by`). */
export type CardsCommand = WireCommand<Command>;
type Play = Extract<CardsCommand, { type: "play" }>;

/** The choices made on the page since the view arrived (reset with each new view). */
export interface CardsDraft {
  /** Phase 2: the hand card tapped to play, or null. */
  card: CardId | null;
  /** Phase 2: the target tapped for a Panic! or Cat Balou that then needs its card chosen (E5.7, E5.8). */
  target: string | null;
  /** Cards picked in the hand: the excess to discard (E3.4) or Sid Ketchum's two (E10.12). */
  picks: CardId[];
  /** Sid Ketchum's ability chosen outside phase 3: hand taps pick cards instead of playing them. */
  sid: boolean;
}

/** One click that changes the draft (nothing is sent). */
export type CardsInput =
  | { kind: "card"; card: CardId }
  | { kind: "target"; player: string }
  | { kind: "pick"; card: CardId }
  | { kind: "sid" };

/** How a hand card shows: tappable or not, and whether it is the selected card or a picked one. */
export interface HandCard {
  card: CardId;
  /** The click a tap makes, or null: the card cannot be used now. */
  input: CardsInput | null;
  selected: boolean;
  picked: boolean;
  /** This card answers the current window (a Missed!, a BANG! for a Duel, a Beer at 0 life). */
  answers: boolean;
}

/** What a seat offers to the selected card: a send (one way to play on it) or a click (choose what to take). */
export interface SeatOffer {
  player: string;
  send: SendAction<CardsCommand> | null;
  input: CardsInput | null;
  chosen: boolean;
}

/** The seated player's controls for one view and draft. */
export interface CardsControls extends Offer<CardsInput, CardsCommand> {
  legal: LegalActions;
  /** What the player is asked, in one sentence. */
  prompt: string;
  /** What the selected card does, with its rule ids ("" with no card selected). */
  detail: string;
  /** The hand, in hand order, each card with its tap. */
  hand: HandCard[];
  /** The seats the selected card can go to (phase 2), in seat order. */
  seats: SeatOffer[];
  /** Whether hand taps pick cards (phase 3, Sid Ketchum's ability) rather than select one to play. */
  picking: boolean;
}

/** A draft with nothing chosen. */
export const emptyDraft = (): CardsDraft => ({ card: null, target: null, picks: [], sid: false });

/** The draft a new view starts from: nothing chosen. */
export const initialDraft = (): CardsDraft => emptyDraft();

const life = (n: number) => count(n, "life", "life");

/** E7.1, E10.13: "a Missed!" or "2 Missed!" still needed against a shot. */
function missesLeft(needed: number, misses: number): string {
  const left = Math.max(1, needed - misses);
  return left === 1 ? "a Missed!" : `${left} Missed!`;
}

/** What the viewer is asked now, as a sentence. */
function promptOf(view: PlayerView, me: string, legal: LegalActions, draft: CardsDraft, names: Names): string {
  if (view.phase === "gameOver") return view.winner ? `Game over: ${view.winner.team} win.` : "Game over.";
  const self = view.players.find((p) => p.id === me)!;
  if (!self.alive) return `You are out of the game. ${waitWords(view, names, me)}…`;
  if (view.waitingFor[0] !== me) return `Waiting: ${waitWords(view, names, me)}…`;
  const n = (id: string | null) => nameOf(names, id);
  const p = view.pending;
  if (draft.sid && view.phase !== "discard") return "Sid Ketchum: tap 2 cards of your hand to discard them for 1 life.";
  switch (view.phase) {
    case "draw":
      return legal.commands.length > 1 ? "Your turn: choose where your first card comes from, then you draw the second from the deck." : "Your turn: draw 2 cards.";
    case "play": {
      if (draft.card === null) return `Your turn: tap a card to play it, or end your turn.${view.bangsPlayed > 0 ? " You have played your BANG! this turn." : ""}`;
      const plays = legal.commands.filter((c): c is Play => c.type === "play" && c.card === draft.card);
      const name = cardName(draft.card);
      if (plays.some((c) => c.target === undefined)) return `Play ${name}? Tap “Play” to confirm, or tap the card again to put it back.`;
      if (draft.target !== null) return kindOf(draft.card) === "panic" ? `Panic! on ${n(draft.target)}: take a random card from their hand, or one of their cards in play.` : `Cat Balou on ${n(draft.target)}: make them discard a random card from their hand, or one of their cards in play.`;
      return `${name}: tap a player to target (only the ones you can reach are offered).`;
    }
    case "discard": {
      const d = legal.discard!;
      return `You hold ${count(self.handSize, "card", "cards")} and have ${life(Math.max(0, self.life))}: discard ${d.count} (${draft.picks.length} picked).`;
    }
    case "generalStore":
      return "General Store: pick one card.";
    case "choice":
      if (p?.kind === "lucky") return "Lucky Duke: you flipped two cards for a “draw!”: choose the one that counts.";
      return "Kit Carlson: keep two of these three cards; the third goes back on top of the deck.";
    case "response":
      switch (p?.kind) {
        case "shot":
        {
          const ways = [
            ...(legal.commands.some((c) => c.type === "respond") ? [`play ${missesLeft(p.needed, p.misses)}`] : []),
            ...(legal.commands.some((c) => c.type === "barrel") ? ["“draw!” for a Barrel"] : []),
          ];
          const need = p.needed > 1 ? ` (Slab the Killer: ${p.needed} misses needed, ${p.misses} so far)` : "";
          return `${n(p.by)} shoots at you${need}: ${ways.length > 0 ? `${ways.join(", ")} or take the hit` : "take the hit"} (−1 life).`;
        }
        case "duel":
          return p.by === me ? "Your Duel goes on: discard a BANG! or lose 1 life." : `Duel with ${n(p.by)}: discard a BANG! or lose 1 life.`;
        case "indians":
          return `Indians! from ${n(p.by)}: discard a BANG! or lose 1 life.`;
        case "dying": {
          const need = 1 - self.life;
          const beers = legal.commands.some((c) => c.type === "respond");
          return `You are at ${self.life} life: ${beers ? `drink ${count(need, "Beer", "Beers")} to stay in the game` : view.players.filter((x) => x.alive).length <= 2 ? "Beer cannot save you with two players left" : "nothing can save you"}${legal.ability ? ", or use Sid Ketchum's ability" : ""}.`;
        }
        default:
          return "Answer, or pass.";
      }
    default:
      return "";
  }
}

/** The label of an answer card in a response window. */
function respondLabel(view: PlayerView, card: CardId): string {
  const kind = view.pending?.kind;
  if (kind === "dying") return `Drink ${cardLabel(card)}`;
  if (kind === "duel" || kind === "indians") return `Discard ${cardLabel(card)}`;
  return kindOf(card) === "missed" ? `Play ${cardLabel(card)}` : `Play ${cardLabel(card)} as a Missed!`;
}

/** The label of `pass` in each window. */
function passLabel(view: PlayerView): string {
  switch (view.pending?.kind) {
    case "shot":
      return "Take the hit (−1 life)";
    case "duel":
    case "indians":
      return "Lose 1 life";
    case "dying":
      return "Give up (eliminated)";
    default:
      return "Pass";
  }
}

/** The label of one phase-2 play that names a target. */
function targetLabel(play: Play, names: Names): string {
  const who = nameOf(names, play.target);
  const kind = kindOf(play.card);
  const name = play.as === "bang" ? `${KIND_NAME.missed} as a BANG!` : KIND_NAME[kind];
  if (kind === "panic" || kind === "cat_balou") {
    const verb = kind === "panic" ? "take" : "discard";
    return play.targetCard === undefined ? `${name}: ${verb} a random card from ${who}'s hand` : `${name}: ${verb} ${who}'s ${cardLabel(play.targetCard)}`;
  }
  return `${name} on ${who}`;
}

const sendId = (...parts: string[]) => parts.join("-");

/**
 * The controls of `me` for `view` and `draft`: the prompt, the hand with its taps, the seats the selected
 * card can go to, and every click and send they offer. A card with one way to be played on a seat sends
 * from that seat at once; a Panic! or Cat Balou on a seat with cards in play first chooses the seat,
 * then the card (or the hand).
 */
export function cardsControls(view: PlayerView, me: string, draft: CardsDraft, names: Names): CardsControls {
  const legal = legalActions(view, me);
  const self = view.players.find((p) => p.id === me);
  const handCards = self?.hand ?? [];
  const inputs: CardsInput[] = [];
  const sends: SendAction<CardsCommand>[] = [];
  const seats: SeatOffer[] = [];
  const phase = view.phase;
  const canSid = legal.ability !== null;
  const picking = legal.discard !== null || (canSid && draft.sid);
  const picks = draft.picks.filter((c) => handCards.includes(c));
  const plays = legal.commands.filter((c): c is Play => c.type === "play");
  const selected = !picking && draft.card !== null && plays.some((c) => c.card === draft.card) ? draft.card : null;
  const answerCards = new Set(legal.commands.flatMap((c) => (c.type === "respond" ? [c.card] : [])));

  const hand: HandCard[] = handCards.map((card) => {
    let input: CardsInput | null = null;
    if (picking) input = picks.includes(card) || picks.length < (legal.discard ? Math.max(legal.discard.count, canSid ? 2 : 0) : 2) ? { kind: "pick", card } : null;
    else if (phase === "play" && plays.some((c) => c.card === card)) input = { kind: "card", card };
    return { card, input, selected: selected === card, picked: picks.includes(card), answers: answerCards.has(card) };
  });
  for (const h of hand) if (h.input && !isOffered(inputs, h.input)) inputs.push(h.input);
  if (canSid && legal.discard === null) inputs.push({ kind: "sid" });

  for (const c of legal.commands) {
    switch (c.type) {
      case "draw":
        if (c.from === undefined) sends.push({ id: "draw", label: legal.commands.length > 1 ? "Draw both from the deck" : "Draw 2 cards", command: c });
        else if (c.from === "discard") sends.push({ id: "draw-discard", label: `Take ${cardLabel(view.discard.at(-1)!)} from the discard pile`, command: c });
        else sends.push({ id: sendId("draw", c.from), label: `Take a random card from ${nameOf(names, c.from)}'s hand`, command: c });
        break;
      case "keep": {
        const back = (view.pending?.cards ?? []).find((x) => x !== null && !c.cards.includes(x));
        sends.push({ id: sendId("keep", ...c.cards), label: `Keep ${c.cards.map(cardLabel).join(" and ")}${back ? `, put back ${cardLabel(back)}` : ""}`, command: c });
        break;
      }
      case "choose":
        sends.push({ id: sendId("choose", c.card), label: `${cardLabel(c.card)} counts`, command: c });
        break;
      case "pick":
        sends.push({ id: sendId("pick", c.card), label: `Take ${cardLabel(c.card)}`, command: c });
        break;
      case "respond":
        if (!picking) sends.push({ id: sendId("respond", c.card), label: respondLabel(view, c.card), command: c });
        break;
      case "barrel":
        if (!picking) sends.push({ id: sendId("barrel", c.source), label: c.source === "barrel" ? "“Draw!” for your Barrel" : "“Draw!” (Jourdonnais's barrel)", command: c });
        break;
      case "pass":
        if (!picking) sends.push({ id: "pass", label: passLabel(view), command: c });
        break;
      default:
        break;
    }
  }

  if (selected !== null) {
    const mine = plays.filter((c) => c.card === selected);
    const untargeted = mine.find((c) => c.target === undefined);
    if (untargeted) sends.push({ id: "play", label: `Play ${cardLabel(selected)}`, command: untargeted });
    const targets = [...new Set(mine.flatMap((c) => (c.target === undefined ? [] : [c.target])))];
    const target = draft.target !== null && targets.includes(draft.target) ? draft.target : null;
    for (const p of view.players) {
      if (!targets.includes(p.id)) continue;
      const ways = mine.filter((c) => c.target === p.id);
      if (ways.length === 1) {
        seats.push({ player: p.id, send: { id: sendId("target", p.id), label: targetLabel(ways[0]!, names), command: ways[0]! }, input: null, chosen: false });
      } else {
        const input: CardsInput = { kind: "target", player: p.id };
        inputs.push(input);
        seats.push({ player: p.id, send: null, input, chosen: target === p.id });
      }
    }
    if (target !== null) {
      for (const c of mine.filter((x) => x.target === target)) sends.push({ id: sendId("take", target, c.targetCard ?? "hand"), label: targetLabel(c, names), command: c });
    }
  }
  if (phase === "play" && legal.commands.some((c) => c.type === "end") && !picking) sends.push({ id: "end", label: "End your turn", command: { type: "end" } });

  if (legal.discard) {
    const d = legal.discard;
    sends.push(picks.length === d.count ? { id: "discard", label: `Discard ${count(d.count, "card", "cards")}`, command: { type: "discard", cards: [...picks] } } : { id: "discard", label: `Discard ${count(d.count, "card", "cards")}`, command: null, why: `Tap ${d.count - picks.length > 0 ? `${d.count - picks.length} more` : `${picks.length - d.count} fewer`} card${Math.abs(d.count - picks.length) === 1 ? "" : "s"} to discard.` });
  }
  if (canSid && picking) {
    sends.push(picks.length === 2 ? { id: "ability", label: "Sid Ketchum: discard these 2 for 1 life", command: { type: "ability", cards: [...picks] } } : { id: "ability", label: "Sid Ketchum: discard 2 for 1 life", command: null, why: "Tap exactly 2 cards of your hand for Sid Ketchum's ability." });
  }

  const detail = selected !== null ? `${cardLabel(selected)}: ${CARD_HELP[kindOf(selected)].text} (${CARD_HELP[kindOf(selected)].rule})` : "";
  return { legal, prompt: self ? promptOf(view, me, legal, { ...draft, picks }, names) : "", detail, hand, seats, picking, inputs, sends };
}

/** The draft after one click (a click the controls do not offer changes nothing: the page checks with `offers`). */
export function applyInput(draft: CardsDraft, input: CardsInput): CardsDraft {
  switch (input.kind) {
    case "card":
      return draft.card === input.card ? { ...draft, card: null, target: null } : { ...draft, card: input.card, target: null };
    case "target":
      return { ...draft, target: draft.target === input.player ? null : input.player };
    case "pick":
      return { ...draft, picks: draft.picks.includes(input.card) ? draft.picks.filter((c) => c !== input.card) : [...draft.picks, input.card] };
    case "sid":
      return { ...draft, sid: !draft.sid, picks: [], card: null, target: null };
  }
}

/** Is `input` one of the clicks `controls` offer? (The page never dispatches another.) */
export function offers(controls: CardsControls, input: CardsInput): boolean {
  return isOffered(controls.inputs, input);
}
