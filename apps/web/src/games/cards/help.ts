/**
 * What the card game's words mean, for the table's Help popovers and the selected card's line: each
 * card kind, each role and each of the 16 characters (their card-game abilities, E10, not the dice
 * game's), written for this project from RULES-cards.md part E, each with the rule it comes from.
 */
import type { Character, Kind, Role } from "@bang/game-cards";
import type { HelpText } from "../../components/table/Help";

/** What each card does (E5, E6). */
export const CARD_HELP: Record<Kind, HelpText> = {
  bang: { text: "Shoot a player within your weapon's reach: they must play a Missed! (or draw! for a Barrel) or lose 1 life. One BANG! per turn.", rule: "E5.1, E4.4" },
  missed: { text: "Cancels a shot aimed at you. It cannot be played on your own turn as an action.", rule: "E5.2, E3.7" },
  beer: { text: "Regain 1 life (never above your maximum). Out of your turn only to stay in the game at 0 life; useless with 2 players left.", rule: "E5.3, E7.4" },
  saloon: { text: "Every player still in the game regains 1 life, you included.", rule: "E5.4" },
  stagecoach: { text: "Draw 2 cards.", rule: "E5.5" },
  wells_fargo: { text: "Draw 3 cards.", rule: "E5.5" },
  general_store: { text: "Turn up one card per player still in the game; each picks one, starting with you.", rule: "E5.6" },
  panic: { text: "Take a card from a player at distance 1: a random one from the hand, or one they have in play.", rule: "E5.7, E4.4" },
  cat_balou: { text: "Make any player discard a card: a random one from the hand, or one they have in play.", rule: "E5.8" },
  duel: { text: "Challenge any player: starting with them, each in turn discards a BANG! or loses 1 life and ends the duel.", rule: "E5.9" },
  indians: { text: "Every other player discards a BANG! or loses 1 life.", rule: "E5.10" },
  gatling: { text: "Shoots every other player at once, at any distance (a Missed! or Barrel saves each). Not a BANG! card.", rule: "E5.11" },
  barrel: { text: "When you are shot, draw!: on a heart the shot misses.", rule: "E6.1" },
  mustang: { text: "The others see you one seat further away.", rule: "E6.2" },
  scope: { text: "You see the others one seat closer (never below 1).", rule: "E6.3" },
  volcanic: { text: "Weapon, reach 1: play any number of BANG! cards in your turn.", rule: "E4.3, E6.4" },
  schofield: { text: "Weapon, reach 2.", rule: "E4.3" },
  remington: { text: "Weapon, reach 3.", rule: "E4.3" },
  rev_carabine: { text: "Weapon, reach 4.", rule: "E4.3" },
  winchester: { text: "Weapon, reach 5.", rule: "E4.3" },
  jail: { text: "Put it in front of another player (never the sheriff). At the start of their turn they draw!: on a heart they play, otherwise they skip the turn.", rule: "E6.8" },
  dynamite: { text: "Put it in front of yourself. At your next turn, draw!: a 2 to 9 of spades makes it explode (3 life lost); otherwise it passes to the next player.", rule: "E6.9" },
};

/** The Colt .45: every player's weapon without a weapon card (E4.3). */
export const COLT_HELP: HelpText = { text: "The weapon everyone has without a weapon card: reach 1.", rule: "E4.3" };

/** What each role plays for (E1.1, E9). */
export const ROLE_HELP: Record<Role, HelpText> = {
  sheriff: { text: "Known to all, 1 extra life, plays first. Wins with the deputies once every outlaw and renegade is out.", rule: "E1.3, E1.4, E9.2" },
  deputy: { text: "Secret. Protects the sheriff and wins with him, even if eliminated on the way. If the sheriff eliminates a deputy he discards all his cards.", rule: "E9.2, E8.3" },
  outlaw: { text: "Secret. Wins with the other outlaws when the sheriff falls (unless a renegade is the last one left). Whoever eliminates an outlaw draws 3 cards.", rule: "E9.1, E8.2" },
  renegade: { text: "Secret. Plays alone: wins only as the last player left once the sheriff has fallen.", rule: "E9.1, E9.3" },
};

/** Each character's ability in the card game (E10), life points aside. */
export const CHARACTER_HELP: Record<Character, HelpText> = {
  bart_cassidy: { text: "Each time he loses a life point he draws a card.", rule: "E10.1" },
  black_jack: { text: "In his draw he shows his second card: on a heart or a diamond he draws one more.", rule: "E10.2" },
  calamity_janet: { text: "She uses BANG! cards as Missed! and Missed! cards as BANG!.", rule: "E10.3" },
  el_gringo: { text: "Each time a player's card makes him lose a life point, he takes a random card from that player's hand.", rule: "E10.4" },
  jesse_jones: { text: "He may take the first card of his draw at random from another player's hand.", rule: "E10.5" },
  jourdonnais: { text: "He always has a Barrel: draw! on a heart when shot (two with a real Barrel).", rule: "E10.6" },
  kit_carlson: { text: "In his draw he looks at the top three cards, keeps two and puts one back.", rule: "E10.7" },
  lucky_duke: { text: "Each draw! flips two cards and he chooses the one that counts.", rule: "E10.8" },
  paul_regret: { text: "He always has a Mustang: the others see him one seat further.", rule: "E10.9" },
  pedro_ramirez: { text: "He may take the first card of his draw from the top of the discard pile.", rule: "E10.10" },
  rose_doolan: { text: "She always has a Scope: she sees the others one seat closer.", rule: "E10.11" },
  sid_ketchum: { text: "At any time he may discard 2 cards from his hand to regain 1 life.", rule: "E10.12" },
  slab_the_killer: { text: "A BANG! he plays needs two Missed! to cancel.", rule: "E10.13" },
  suzy_lafayette: { text: "As soon as her hand is empty she draws a card.", rule: "E10.14" },
  vulture_sam: { text: "When another player is eliminated he takes all that player's cards.", rule: "E10.15" },
  willy_the_kid: { text: "He may play any number of BANG! cards in his turn.", rule: "E10.16" },
};
