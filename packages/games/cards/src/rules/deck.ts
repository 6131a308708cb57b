import { BLUE_KINDS, RANKS, type CardId, type Kind, type Rank, type Suit } from "../types.js";

/** One card of the deck (E2.1): its id, kind, suit and rank. */
export interface CardInfo {
  id: CardId;
  kind: Kind;
  suit: Suit;
  rank: Rank;
}

const SUIT_OF: Readonly<Record<string, Suit>> = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** `2d..ad` style list: ranks `from`..`to` (E2.3 order) of one suit letter. */
function range(from: Rank, to: Rank, suit: string): string[] {
  return RANKS.slice(RANKS.indexOf(from), RANKS.indexOf(to) + 1).map((r) => `${r}${suit}`);
}

/** E2.1: the 80 cards, kind by kind, as rank+suit codes. */
const DECK_TABLE: readonly [Kind, readonly string[]][] = [
  ["bang", ["as", ...range("2", "a", "d"), ...range("2", "9", "c"), "qh", "kh", "ah"]],
  ["missed", [...range("10", "a", "c"), ...range("2", "8", "s")]],
  ["beer", range("6", "j", "h")],
  ["saloon", ["5h"]],
  ["stagecoach", ["9s", "9s"]],
  ["wells_fargo", ["3h"]],
  ["general_store", ["9c", "qs"]],
  ["panic", ["jh", "qh", "ah", "8d"]],
  ["cat_balou", ["kh", "9d", "10d", "jd"]],
  ["duel", ["qd", "js", "8c"]],
  ["indians", ["kd", "ad"]],
  ["gatling", ["10h"]],
  ["barrel", ["qs", "ks"]],
  ["mustang", ["8h", "9h"]],
  ["scope", ["as"]],
  ["volcanic", ["10s", "10c"]],
  ["schofield", ["jc", "qc", "ks"]],
  ["remington", ["kc"]],
  ["rev_carabine", ["ac"]],
  ["winchester", ["8s"]],
  ["jail", ["js", "10s", "4h"]],
  ["dynamite", ["2h"]],
];

function buildDeck(): CardInfo[] {
  const cards: CardInfo[] = [];
  for (const [kind, codes] of DECK_TABLE) {
    for (const code of codes) {
      let id = `${kind}_${code}`;
      if (cards.some((c) => c.id === id)) id = `${id}_2`;
      cards.push({ id, kind, suit: SUIT_OF[code.slice(-1)]!, rank: code.slice(0, -1) as Rank });
    }
  }
  return cards;
}

/** E2.1: the 80 cards in table order. */
export const DECK: readonly CardInfo[] = buildDeck();
/** Every card id of the deck, in table order. */
export const CARD_IDS: readonly CardId[] = DECK.map((c) => c.id);
const BY_ID = new Map(DECK.map((c) => [c.id, c]));
const KIND_BY_ID = new Map(DECK.map((c) => [c.id, c.kind]));

/** Is `id` one of the 80 card ids of E2.1? */
export const isCardId = (id: unknown): id is CardId => typeof id === "string" && BY_ID.has(id);

/** The card `id` (E2.1). Throws RangeError for an id not in the deck (a caller's bug: ids are checked at the edge). */
export function cardInfo(id: CardId): CardInfo {
  const card = BY_ID.get(id);
  if (!card) throw new RangeError(`unknown card id ${JSON.stringify(id)}`);
  return card;
}

/** The kind of card `id`. Throws RangeError for an id not in the deck, as `cardInfo`. */
export function kindOf(id: CardId): Kind {
  const kind = KIND_BY_ID.get(id);
  if (kind === undefined) throw new RangeError(`unknown card id ${JSON.stringify(id)}`);
  return kind;
}

/** E2.8: is card `id` blue (stays in play)? */
export const isBlue = (id: CardId): boolean => BLUE.has(kindOf(id));
const BLUE = new Set<Kind>(BLUE_KINDS);

/** E4.3: is `kind` a weapon? */
export const isWeaponKind = (kind: Kind): boolean => kind === "volcanic" || kind === "schofield" || kind === "remington" || kind === "rev_carabine" || kind === "winchester";

/** E6.1, E6.8: is card `id` a heart? */
export const isHeart = (id: CardId): boolean => cardInfo(id).suit === "hearts";

/** E6.9, E2.1: does card `id` make the Dynamite explode (2 to 9 of spades)? */
export function explodesDynamite(id: CardId): boolean {
  const c = cardInfo(id);
  return c.suit === "spades" && RANKS.indexOf(c.rank) <= RANKS.indexOf("9");
}

/** E10.2: is card `id` red (a heart or a diamond)? */
export const isRed = (id: CardId): boolean => cardInfo(id).suit === "hearts" || cardInfo(id).suit === "diamonds";
