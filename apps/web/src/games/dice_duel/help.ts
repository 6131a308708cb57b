/**
 * What the duel's words mean, for its table's Help popovers: the faces as the duel reads them and the
 * three duel cards, written for this project from RULES.md part D, each with its rule ids.
 */
import type { DuelCard, Face, Row } from "@bang/game-dice-duel";
import type { HelpText } from "../../components/table/Help";


/** What each face does in the duel (R8.2 to R8.9). */
export const DUEL_FACE_HELP: Record<Face, HelpText> = {
  arrow: { text: "Each pair of arrows restores one of your destroyed cards, in a column where one of your cards still stands.", rule: "R8.8" },
  dynamite: { text: "Locked. Three or more explode: you destroy one of your own cards, your choice.", rule: "R8.2, R8.6" },
  "1": { text: "Pay 1 ammo to destroy an opponent card of your choice in their near row.", rule: "R8.7" },
  "2": { text: "Pay 1 ammo to destroy an opponent card of your choice in their far row.", rule: "R8.7" },
  beer: { text: "Set it aside to turn another die to any face before anything resolves. Two or three beers, one or two dynamite and a single 1 or 2 make a molotov: that row of the opponent burns.", rule: "R8.4, R8.5" },
  gatling: { text: "Each one rolled gives 1 ammo at once; two or more in the final dice start a duel.", rule: "R8.3, R8.9" },
};

/** The three duel cards (R8.9): what each does when it takes effect, and what it blocks. */
export const DUEL_CARD_HELP: Record<DuelCard, HelpText> = {
  sheriff: { text: "Restores 2 of your destroyed cards, in any columns. Blocks the outlaw; the renegade blocks it.", rule: "R8.9" },
  outlaw: { text: "Destroys 2 opponent cards of your choice. Blocks the renegade; the sheriff blocks it.", rule: "R8.9" },
  renegade: { text: "Steals all the opponent's ammo. Blocks the sheriff; the outlaw blocks it.", rule: "R8.9" },
};

/** R8.7: which die hits a row, as the row's label says it. */
export const ROW_RULE: Record<Row, { face: "1" | "2"; text: string }> = {
  near: { face: "1", text: "near row: a 1 hits it" },
  far: { face: "2", text: "far row: a 2 hits it" },
};
