/**
 * The card game's words for people (RULES-cards.md part E vocabulary): each card kind's printed name,
 * suits and ranks as on the cards, a card as "BANG! A♠", characters and roles. Plain functions, no React.
 */
import { cardInfo, type CardId, type Character, type Kind, type Rank, type Role, type Suit, type Team } from "@bang/game-cards";
import { humanize } from "../../lib/format";

/** The name printed on each card kind (E2.1). */
export const KIND_NAME: Record<Kind, string> = {
  bang: "BANG!",
  missed: "Missed!",
  beer: "Beer",
  saloon: "Saloon",
  stagecoach: "Stagecoach",
  wells_fargo: "Wells Fargo",
  general_store: "General Store",
  panic: "Panic!",
  cat_balou: "Cat Balou",
  duel: "Duel",
  indians: "Indians!",
  gatling: "Gatling",
  barrel: "Barrel",
  mustang: "Mustang",
  scope: "Scope",
  volcanic: "Volcanic",
  schofield: "Schofield",
  remington: "Remington",
  rev_carabine: "Rev. Carabine",
  winchester: "Winchester",
  jail: "Jail",
  dynamite: "Dynamite",
};

/** The suit symbols (E2.1) and their words for screen readers. */
export const SUIT_SYMBOL: Record<Suit, string> = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };

/** Ranks as printed (E2.3): 2..10, J, Q, K, A. */
export const rankLabel = (r: Rank): string => r.toUpperCase();

/** "BANG!" of card `id`. */
export const cardName = (id: CardId): string => KIND_NAME[cardInfo(id).kind];

/** "A♠" of card `id`. */
export function cardMark(id: CardId): string {
  const c = cardInfo(id);
  return `${rankLabel(c.rank)}${SUIT_SYMBOL[c.suit]}`;
}

/** "BANG! (A♠)": the card's name and its corner. */
export const cardLabel = (id: CardId): string => `${cardName(id)} (${cardMark(id)})`;

/** "BANG! (ace of spades)": the card for a screen reader. */
export function cardSpoken(id: CardId): string {
  const c = cardInfo(id);
  const rank = ({ j: "jack", q: "queen", k: "king", a: "ace" } as Record<string, string>)[c.rank] ?? c.rank;
  return `${KIND_NAME[c.kind]} (${rank} of ${c.suit})`;
}

/** "Slab the Killer" from "slab_the_killer". */
export const characterName = (c: Character): string => humanize(c).replace(/ The /g, " the ");

/** "an outlaw", "the sheriff". */
export const ROLE_WORDS: Record<Role, string> = { sheriff: "the sheriff", deputy: "a deputy", outlaw: "an outlaw", renegade: "a renegade" };

/** The winning side in words (E9). */
export const TEAM_WORDS: Record<Team, string> = { law: "the law (the sheriff and the deputies)", outlaws: "the outlaws", renegade: "the renegade" };

/** "1 card", "3 cards". */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
