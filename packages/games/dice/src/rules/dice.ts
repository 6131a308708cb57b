import type { Character, Face } from "../types.js";

/** How many of `dice` show `face`. */
export function countFace(dice: readonly Face[], face: Face): number {
  let n = 0;
  for (const d of dice) if (d === face) n++;
  return n;
}

/** R2.3, C2: may this die be rerolled? Dynamite is locked except for Black Jack. */
export function canReroll(face: Face, character: Character): boolean {
  return face !== "dynamite" || character === "black_jack";
}

/** R2.6: three or more dynamite after a roll explode. */
export function explodes(dice: readonly Face[]): boolean {
  return countFace(dice, "dynamite") >= 3;
}

/** R3.8, C16: does the Gatling fire with these dice? Three gatling, or two for Willy the Kid. */
export function gatlingFires(dice: readonly Face[], character: Character): boolean {
  return countFace(dice, "gatling") >= (character === "willy_the_kid" ? 2 : 3);
}

/** R2.1, C8: rolls allowed in a turn (the first roll included). */
export function maxRollsFor(character: Character): number {
  return character === "lucky_duke" ? 4 : 3;
}

/**
 * Does the resolution need the active player's choices (SCENARIOS.md)? Any `1`, `2` or `beer` die, or
 * for Kit Carlson any `gatling` die (C7). Otherwise it resolves at once.
 */
export function needsChoices(dice: readonly Face[], character: Character): boolean {
  for (const d of dice) {
    if (d === "1" || d === "2" || d === "beer") return true;
    if (d === "gatling" && character === "kit_carlson") return true;
  }
  return false;
}

/** Die indexes showing one of `faces`, ascending. */
export function indexesOf(dice: readonly Face[], ...faces: Face[]): number[] {
  const out: number[] = [];
  dice.forEach((d, i) => {
    if (faces.includes(d)) out.push(i);
  });
  return out;
}
