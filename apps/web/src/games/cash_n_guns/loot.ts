/**
 * Ca$h 'n Guns' loot in words for the table (RULES-cash-n-guns.md F1.3, F5.5, F6, F7): each loot card's
 * name and short face, a collection's count and worth, the table's loot grouped by kind. Pure.
 */
import { diamondCount, faceValue, isDiamond, LOOT_CARDS, lootTotal, NEW_GODFATHER, type LootCard } from "@bang/game-cash-n-guns";

/** "$20,000": dollars with thousands separators. */
export const dollars = (n: number): string => `$${n.toLocaleString("en-US")}`;

/** F1.3: the kind of a loot card, for its colour on the table. */
export type LootKind = "bill" | "diamond" | "painting" | "clip" | "first_aid_kit";

/** The kind of `card` (F1.3). */
export function lootKind(card: LootCard): LootKind {
  if (card.startsWith("bill_")) return "bill";
  if (isDiamond(card)) return "diamond";
  return card as Exclude<LootKind, "bill" | "diamond">;
}

/** F1.3: a loot card's name in a sentence ("a $20,000 bill", "a $1,000 diamond", "a painting"). */
export function lootName(card: LootCard): string {
  switch (lootKind(card)) {
    case "bill":
      return `a ${dollars(faceValue(card))} bill`;
    case "diamond":
      return `a ${dollars(faceValue(card))} diamond`;
    case "painting":
      return "a painting";
    case "clip":
      return "a clip";
    case "first_aid_kit":
      return "a first aid kit";
  }
}

/** What a loot card's face shows on the table, short enough for a phone ("$20k", "◆ $1k", "Painting"). */
export function lootFace(card: LootCard | typeof NEW_GODFATHER): string {
  if (card === NEW_GODFATHER) return "New Godfather";
  const short = (n: number) => `$${n / 1000}k`;
  switch (lootKind(card)) {
    case "bill":
      return short(faceValue(card));
    case "diamond":
      return `◆ ${short(faceValue(card))}`;
    case "painting":
      return "Painting";
    case "clip":
      return "Clip";
    case "first_aid_kit":
      return "First aid kit";
  }
}

/** The loot on the table grouped by kind, in F1.3's order: each kind once with how many lie there. */
export function lootGroups(cards: readonly LootCard[]): { card: LootCard; count: number }[] {
  return LOOT_CARDS.flatMap((card) => {
    const count = cards.filter((c) => c === card).length;
    return count > 0 ? [{ card, count }] : [];
  });
}

/** A player's collected loot as the table shows it (F10.17: public): cards, worth without the bonus (F7.5, F7.6), diamonds (F7.4). */
export interface LootSummary {
  count: number;
  /** F7.5: bills and diamonds at face value, paintings as a set (F7.6); the diamond bonus is not counted before the end. */
  worth: number;
  diamonds: number;
  paintings: number;
  /** "2 × $10,000 bill, painting": every kind held, in F1.3's order. */
  list: string;
}

/** F7.4 to F7.6, F10.17: the summary of a collected loot. */
export function lootSummary(loot: readonly LootCard[]): LootSummary {
  const list = lootGroups(loot)
    .map(({ card, count }) => `${count > 1 ? `${count} × ` : ""}${lootName(card).replace(/^an? /, "")}`)
    .join(", ");
  return { count: loot.length, worth: lootTotal(loot, false), diamonds: diamondCount(loot), paintings: loot.filter((c) => c === "painting").length, list: list || "nothing yet" };
}
