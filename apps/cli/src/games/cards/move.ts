/**
 * The one-line moves of the card game (RULES-cards.md part E; SCENARIOS-cards.md's command words) as a
 * person types them, and back: `draw [discard|PLAYER]`, `play CARD [PLAYER] [CARD_IN_PLAY] [as bang]`,
 * `respond CARD`, `barrel [barrel|jourdonnais]`, `pass`, `keep CARD CARD`, `choose CARD`, `pick CARD`,
 * `ability CARD CARD`, `discard CARD...`, `end`. Only the syntax is checked here; whether a move is
 * legal is the rules' call.
 */
import { CARD_IDS, kindOf, type CardId, type Command, type PlayerId, type PlayerView } from "@bang/game-cards";
import type { Refusal } from "@bang/game-core";

/** A line read: the command it stands for, or why it is not one (INVALID_COMMAND). */
export type CardsMove = { command: Command } | { refusal: Refusal };

const invalid = (message: string): CardsMove => ({ refusal: { code: "INVALID_COMMAND", message } });

/** A command in the syntax a person types (and logs show): `play panic_jh p3 volcanic_10s`, `draw discard`. */
export function formatCommand(c: Command): string {
  switch (c.type) {
    case "draw":
      return c.from === undefined || c.from === "deck" ? "draw" : `draw ${c.from}`;
    case "play":
      return ["play", c.card, c.target, c.targetCard, c.as ? `as ${c.as}` : undefined].filter((x) => x !== undefined).join(" ");
    case "respond":
    case "choose":
    case "pick":
      return `${c.type} ${c.card}`;
    case "barrel":
      return `barrel ${c.source}`;
    case "keep":
    case "ability":
    case "discard":
      return `${c.type} ${c.cards.join(" ")}`;
    case "pass":
    case "end":
      return c.type;
  }
}

/** A player named by id (`p3`), seat number (`3`) or `me`; null for anything else. */
export function playerNamed(token: string, view: PlayerView, me: PlayerId): PlayerId | null {
  const t = token.trim().toLowerCase();
  if (t === "me" || t === "self") return me;
  const byId = view.players.find((p) => p.id.toLowerCase() === t);
  if (byId) return byId.id;
  if (/^\d+$/.test(t)) return view.players[Number(t) - 1]?.id ?? null;
  return null;
}

/**
 * A card named among `cards`: its id, its letter in `lettered` (the person's hand as the table letters
 * it), or its kind (`bang`: the first such card). An id outside `cards` is kept (for the rules to
 * refuse, e.g. NOT_IN_HAND); null when the token names no card at all.
 */
export function cardNamed(token: string, cards: readonly CardId[], lettered: readonly CardId[] = cards): CardId | null {
  const t = token.trim().toLowerCase();
  if (CARD_IDS.includes(t)) return t;
  if (/^[a-z]$/.test(t)) {
    const i = t.charCodeAt(0) - 97;
    if (i < lettered.length) return lettered[i]!;
  }
  return cards.find((c) => kindOf(c) === t) ?? null;
}

/** The cards a person may name in `view`: their hand, every card in play, the General Store's / Kit's / Lucky Duke's. */
function namable(view: PlayerView, me: PlayerId): { hand: CardId[]; all: CardId[] } {
  const hand = view.players.find((p) => p.id === me)?.hand ?? [];
  const pending = (view.pending?.cards ?? []).filter((c): c is CardId => c !== null);
  return { hand, all: [...hand, ...pending, ...view.players.flatMap((p) => p.inPlay)] };
}

/** Several cards (`a c`, `bang_7d,beer_6h`); the message of the first token that is no card. */
function cardList(tokens: readonly string[], cards: readonly CardId[], hand: readonly CardId[]): CardId[] | string {
  const out: CardId[] = [];
  for (const token of tokens.flatMap((t) => t.split(",")).filter((t) => t.length > 0)) {
    const card = cardNamed(token, cards, hand);
    if (card === null) return `"${token}" is no card (a card id, a letter of your hand, or a kind)`;
    out.push(card);
  }
  return out;
}

/** `play CARD [PLAYER] [CARD_IN_PLAY] [as bang]`. */
function parsePlay(args: string[], view: PlayerView, me: PlayerId, hand: CardId[]): CardsMove {
  const [first, ...rest] = args;
  const card = first === undefined ? null : cardNamed(first, hand);
  if (card === null) return invalid(`play: name a card of your hand (id, letter or kind), e.g. play bang p3`);
  const command: Extract<Command, { type: "play" }> = { type: "play", by: me, card };
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!.toLowerCase();
    if (token === "as") {
      if (rest[i + 1]?.toLowerCase() !== "bang") return invalid('play: only "as bang" (Calamity Janet\'s Missed! as a BANG!)');
      command.as = "bang";
      i++;
      continue;
    }
    if (token === "at") continue;
    const player = command.target === undefined ? playerNamed(token, view, me) : null;
    if (player !== null) {
      command.target = player;
      continue;
    }
    const target = view.players.find((p) => p.id === command.target);
    const inPlay = cardNamed(token, target?.inPlay ?? [], []);
    if (inPlay === null || command.targetCard !== undefined) return invalid(`play: "${rest[i]}" is neither a player nor a card in play`);
    command.targetCard = inPlay;
  }
  return { command };
}

/** Parses one line typed by `me` in `view` (a bare menu number is the prompt's, not this parser's). */
export function parseMove(line: string, view: PlayerView, me: PlayerId): CardsMove {
  const [word = "", ...args] = line.trim().split(/\s+/);
  const { hand, all } = namable(view, me);
  const list = (what: string) => {
    const cards = cardList(args, all, hand);
    return typeof cards === "string" ? invalid(`${what}: ${cards}`) : cards;
  };
  const by = me;
  const verb = word.toLowerCase() as Command["type"];
  switch (verb) {
    case "draw": {
      if (args.length === 0 || args[0] === "deck") return { command: { type: "draw", by } };
      if (args[0] === "discard") return { command: { type: "draw", by, from: "discard" } };
      const from = playerNamed(args[0]!, view, me);
      return from === null ? invalid("draw: draw, draw discard (Pedro Ramirez) or draw PLAYER (Jesse Jones)") : { command: { type: "draw", by, from } };
    }
    case "play":
      return parsePlay(args, view, me, hand);
    case "respond":
    case "choose":
    case "pick": {
      const card = args.length === 1 ? cardNamed(args[0]!, all, hand) : null;
      return card === null ? invalid(`${verb}: name one card, e.g. ${verb} ${verb === "respond" ? "missed" : "b"}`) : { command: { type: verb, by, card } };
    }
    case "barrel": {
      const source = args[0] ?? (view.players.find((p) => p.id === me)?.inPlay.some((c) => kindOf(c) === "barrel") ? "barrel" : "jourdonnais");
      return source === "barrel" || source === "jourdonnais" ? { command: { type: "barrel", by, source } } : invalid("barrel: barrel or jourdonnais");
    }
    case "keep":
    case "ability":
    case "discard": {
      const cards = list(verb);
      if (!Array.isArray(cards)) return cards;
      if (cards.length === 0) return invalid(`${verb}: name the cards, e.g. ${verb} a c`);
      return { command: { type: verb, by, cards } };
    }
    case "pass":
    case "end":
      return args.length > 0 ? invalid(`${verb} takes no arguments`) : { command: { type: verb, by } };
    default:
      return invalid(`unknown command "${word}" (type a menu number, or help for the list)`);
  }
}
