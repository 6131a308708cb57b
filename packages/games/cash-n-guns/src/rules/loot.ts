import { shuffle, type RngState } from "@bang/game-core";
import { LOOT_CARDS, type LootCard } from "../types.js";

/** F1.3: how many cards of each kind the box holds (64 in all). */
export const LOOT_BOX: Readonly<Record<LootCard, number>> = {
  bill_5000: 15,
  bill_10000: 15,
  bill_20000: 10,
  diamond_1000: 5,
  diamond_5000: 3,
  diamond_10000: 1,
  painting: 10,
  clip: 3,
  first_aid_kit: 2,
};

/** F3.1: the game lasts 8 rounds. */
export const ROUNDS = 8;
/** F2.3: each round's pile holds 8 loot cards. */
export const PILE_SIZE = 8;

const BOX_ORDER: readonly LootCard[] = LOOT_CARDS.flatMap((kind) => Array.from({ length: LOOT_BOX[kind] }, () => kind));

/** F1.3: the 64 loot cards in box order (kinds in LOOT_CARDS order), a new list each call. */
export function lootBox(): LootCard[] {
  return BOX_ORDER.slice();
}

/**
 * F2.3: shuffles `cards` (a new table: the 64 of the box) with the game's seeded generator and splits
 * them into `count` piles of 8, pile k being the loot of the k-th round to come. Returns the piles and the
 * next generator state. Throws RangeError when `cards` are fewer than `count` piles need.
 */
export function dealPiles(rng: RngState, cards: readonly LootCard[], count: number = ROUNDS): { piles: LootCard[][]; rng: RngState } {
  if (cards.length < count * PILE_SIZE) throw new RangeError(`dealPiles: ${cards.length} cards cannot make ${count} piles of ${PILE_SIZE}`);
  const shuffled = shuffle(rng, cards);
  const piles: LootCard[][] = [];
  for (let r = 0; r < count; r++) piles.push(shuffled.items.slice(r * PILE_SIZE, (r + 1) * PILE_SIZE));
  return { piles, rng: shuffled.rng };
}

/** F1.3: whether `value` is a loot card id. */
export function isLootCard(value: unknown): value is LootCard {
  return typeof value === "string" && (LOOT_CARDS as readonly string[]).includes(value);
}

/** F1.3: the number in a bill or diamond id is its value in dollars (read once, not per call). */
const FACE_VALUE: Readonly<Partial<Record<LootCard, number>>> = Object.fromEntries(
  LOOT_CARDS.flatMap((card) => {
    const match = /^(bill|diamond)_(\d+)$/.exec(card);
    return match ? [[card, Number(match[2])]] : [];
  }),
);

/** F1.3, F7.5: the face value in dollars of a bill or diamond; 0 for paintings (valued as sets, F7.6), clips and kits. */
export function faceValue(card: LootCard): number {
  return FACE_VALUE[card] ?? 0;
}

/** F7.4: whether a loot card is a diamond (any value). */
export function isDiamond(card: LootCard): boolean {
  return card.startsWith("diamond_");
}

/**
 * F1.3: the kinds of which `cards` hold more than the box does, with the count found (empty when the
 * cards could all come from one box). Used to check chosen positions.
 */
export function overBox(cards: readonly LootCard[]): { card: LootCard; count: number }[] {
  const counts = new Map<LootCard, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].filter(([card, n]) => n > LOOT_BOX[card]).map(([card, count]) => ({ card, count }));
}
