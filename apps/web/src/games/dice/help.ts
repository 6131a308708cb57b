/**
 * What the dice game's words mean, for the table's Help popovers: each face, each role and each of the
 * 16 characters, written for this project from RULES.md (parts A to C), each with the rule it comes from.
 */
import { CHARACTER_LIFE, THREE_PLAYER_TARGET, type Character, type Face, type Role } from "@bang/game-dice";
import type { HelpText } from "../../components/table/Help";
import { humanize } from "../../lib/format";


/** What each face does in the dice game (R2, R3). */
export const FACE_HELP: Record<Face, HelpText> = {
  arrow: { text: "Take an arrow from the pile at once. When the pile runs out the Indians attack: everyone loses 1 life per arrow held. You may reroll it.", rule: "R2.4, R2.5, R4.1" },
  dynamite: { text: "Cannot be rerolled. With three or more, your rolling ends and you lose 1 life.", rule: "R2.3, R2.6, R3.2" },
  "1": { text: "Shoot a player at distance 1: they lose 1 life.", rule: "R3.3" },
  "2": { text: "Shoot a player at distance 2 (distance 1 when only 2 or 3 players are alive): they lose 1 life.", rule: "R3.3, R3.5" },
  beer: { text: "Give 1 life to any living player, yourself included, never above their maximum.", rule: "R3.7" },
  gatling: { text: "With three or more, the Gatling fires once: every other player loses 1 life and you put all your arrows back.", rule: "R3.8" },
};

/** What each role plays for (R1.1, R6; R7 with 3 players). */
export const ROLE_HELP: Record<Role, HelpText> = {
  sheriff: { text: "Known to all, 2 extra life, plays first. Wins with the deputies once every outlaw and renegade is out.", rule: "R1.3, R1.6, R6.2" },
  deputy: { text: "Secret. Protects the sheriff and wins with him, even if eliminated on the way.", rule: "R6.2, R5.2" },
  outlaw: { text: "Secret. Wins with the other outlaws when the sheriff falls (unless a renegade is the last one alive).", rule: "R6.1" },
  renegade: { text: "Secret. Plays alone: wins only as the last player alive once the sheriff has fallen.", rule: "R6.1, R6.4" },
};

/** R7.2, R7.3: the 3-player game's roles, public, each with a target to eliminate personally. */
export function threePlayerRoleHelp(role: Exclude<Role, "sheriff">): HelpText {
  return { text: `Public. Wins at once by eliminating the ${THREE_PLAYER_TARGET[role]} with their own dice or Gatling in their own turn; otherwise the last one alive wins.`, rule: "R7.2, R7.3, R7.4" };
}

/** Each character's ability (part B), with its life points. */
export const CHARACTER_HELP: Record<Character, HelpText> = {
  bart_cassidy: { text: "When a 1, a 2 or the Gatling would cost him life, he may take arrows from the pile instead, one per life point, never the pile's last arrow. Not against Indians or dynamite.", rule: "C1" },
  black_jack: { text: "He may reroll dynamite. Three or more dynamite after a roll still explode.", rule: "C2" },
  calamity_janet: { text: "She may use any 1 as a 2 and any 2 as a 1.", rule: "C3" },
  el_gringo: { text: "When the player whose turn it is makes him lose life with shots or the Gatling, that player takes one arrow for the step, however many hits. Not for Indians or dynamite.", rule: "C4" },
  jesse_jones: { text: "A beer he gives himself while at 4 life or less heals him 2.", rule: "C5" },
  jourdonnais: { text: "An Indian attack never costs him more than 1 life.", rule: "C6" },
  kit_carlson: { text: "For each Gatling die he may make a player who holds an arrow put one back, himself included, except when his own Gatling fires (his arrows go back anyway).", rule: "C7" },
  lucky_duke: { text: "He may roll four times in all: three rerolls.", rule: "C8" },
  paul_regret: { text: "The Gatling never costs him life.", rule: "C9" },
  pedro_ramirez: { text: "Each time he loses a life point, one of his arrows goes back to the pile.", rule: "C10" },
  rose_doolan: { text: "Her shots reach one seat further: a 1 hits at distance 1 or 2, a 2 at distance 2 or 3.", rule: "C11" },
  sid_ketchum: { text: "At the start of his turn, before rolling, he gives 1 life to a player of his choice, himself included.", rule: "C12" },
  slab_the_killer: { text: "Once a turn he may give up a beer die to double a 1 or a 2: that shot costs 2 life.", rule: "C13" },
  suzy_lafayette: { text: "If her final dice show no 1 and no 2, she gains 2 life at the end of her turn.", rule: "C14" },
  vulture_sam: { text: "Each time another player is eliminated he gains 2 life, if he is still in the game after that step.", rule: "C15" },
  willy_the_kid: { text: "His Gatling fires with only two Gatling dice.", rule: "C16" },
};

/** "Slab the Killer" from "slab_the_killer" (the small word stays small). */
export const characterName = (c: Character): string => humanize(c).replace(/ The /g, " the ");

/** "Slab the Killer (8 life): … (C13)". */
export const characterLine = (c: Character): string => `${characterName(c)} (${CHARACTER_LIFE[c]} life): ${CHARACTER_HELP[c].text} (${CHARACTER_HELP[c].rule})`;
