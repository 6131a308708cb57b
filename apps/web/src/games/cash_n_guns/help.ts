/**
 * What Ca$h 'n Guns' words mean, for the table's Help popovers and rules panel: the bullet cards, the
 * Godfather, courage, wounds and each kind of loot, written for this project from
 * RULES-cash-n-guns.md part F, each with the rules it comes from.
 */
import type { Bullet, Courage } from "@bang/game-cash-n-guns";
import type { HelpText } from "../../components/table/Help";
import type { LootKind } from "./loot";

/** F3.3, F4.2: the two bullet cards. */
export const BULLET_HELP: Record<Bullet, HelpText> = {
  click: { text: "Does nothing when revealed: a bluff. You hold 5 at the start; each card is used once.", rule: "F1.4, F3.4, F4.2" },
  bang: { text: "Wounds your target when revealed, unless they lie down. You hold 3 at the start; each card is used once.", rule: "F1.4, F3.4, F4.2" },
};

/** F3.7, F3.8, F4.1: the two courage choices. */
export const COURAGE_HELP: Record<Courage, HelpText> = {
  stand: { text: "You fire your card and may take a share of the loot, but the cards aimed at you fire too.", rule: "F3.7, F4.1, F5.1" },
  lie_down: { text: "Nothing aimed at you fires and you cannot be wounded, but your own card is discarded unseen and you get no share this round.", rule: "F3.8, F4.1" },
};

/** F2.4, F3.6, F5.2, F5.5: the Godfather. */
export const GODFATHER_HELP: HelpText = {
  text: "After the aims are shown, the Godfather may order one gangster to aim at someone else. He takes the first share when he stands unhurt. The New Godfather tile passes the desk on at the end of the round.",
  rule: "F3.6, F5.2, F5.5",
};

/** F4.4, F4.5, F6.2: wounds. */
export const WOUNDS_HELP: HelpText = {
  text: "Each revealed Bang! aimed at you is one wound. A gangster wounded this round lies down and takes no share; at 3 wounds they die and their loot counts for nothing. A first aid kit removes all wounds.",
  rule: "F4.2 to F4.5, F6.2, F10.5",
};

/** F5.5: the New Godfather tile. */
export const TILE_HELP: HelpText = {
  text: "Instead of a loot card, a share may turn this tile: its taker is the Godfather from the next round on. It is worth nothing and nobody has to take it.",
  rule: "F5.5, F10.8",
};

/** F6, F7.4 to F7.6: what each kind of loot is worth. */
export const LOOT_HELP: Record<LootKind, HelpText> = {
  bill: { text: "Worth its face value at the end.", rule: "F7.5" },
  diamond: { text: "Worth its face value. The living gangster with strictly the most diamonds also gets the $60,000 diamond bonus.", rule: "F7.4, F7.5" },
  painting: { text: "Paintings count as a set: 1 is $4,000, 2 are $12,000, 3 are $30,000, 4 are $60,000, 5 are $100,000 … up to 10 for $500,000.", rule: "F7.6" },
  clip: { text: "Used at once: if you hold a Click and have used a Bang!, that Bang! comes back to your hand for the Click. Worth nothing.", rule: "F6.1, F6.3" },
  first_aid_kit: { text: "Used at once: removes all your wounds. Worth nothing.", rule: "F6.2, F6.3" },
};
