/**
 * Small reads of the card game's view for the table (no state, no I/O): the viewer's seat, distances
 * (E4), each seat's weapon and reach, the public top of the discard pile, and what the game waits for,
 * in words, for every viewer.
 */
import { distance, kindOf, reachOf, weaponOf, WEAPON_REACH, type CardId, type PlayerView, type SeatView, type Weapon } from "@bang/game-cards";
import { nameOf, type Names } from "../../lib/names";
import { KIND_NAME } from "./words";

/** The viewer's own seat, or null for a spectator. */
export function mySeat(view: PlayerView, me: string | null): SeatView | null {
  return view.players.find((p) => p.id === me) ?? null;
}

/**
 * The hand a seat shows on the table: the cards of its hand that this view holds (E1.3, invariant 4:
 * only the viewer's own, or every hand in an admin's view: the inspector and the admin's live view),
 * except the hand of the seated player who is playing (`playing`), which the controls show under the
 * table. Null: nothing to show (a spectator's view, another player's seat).
 */
export function handOnSeat(seat: SeatView, me: string | null, playing: boolean): CardId[] | null {
  if (seat.hand === null || (playing && seat.id === me)) return null;
  return seat.hand;
}

/** E4.1, E4.2: the distance from `from` to `to`, both still in the game; null otherwise. */
export function seatDistance(view: PlayerView, from: string, to: string): number | null {
  const a = view.players.find((p) => p.id === from);
  const b = view.players.find((p) => p.id === to);
  if (!a?.alive || !b?.alive || a.id === b.id) return null;
  return distance(view.players, from, to);
}

/** E4.3: the weapon of a seat ("Colt .45" without a weapon card) and its reach. */
export function weaponLine(seat: SeatView): { weapon: Weapon; name: string; reach: number } {
  const weapon = weaponOf(seat);
  return { weapon, name: weapon === "colt_45" ? "Colt .45" : KIND_NAME[weapon], reach: reachOf(seat) };
}

/** A seat's cards in play other than its weapon (the weapon is shown with its reach). */
export function blueCards(seat: SeatView): CardId[] {
  return seat.inPlay.filter((c) => !(kindOf(c) in WEAPON_REACH));
}

/** The top of the discard pile (public, E2.4), or null when it is empty. */
export const discardTop = (view: PlayerView): CardId | null => view.discard.at(-1) ?? null;

/** What the game waits for now, in words for any viewer ("Ann answers Bob's shot"); "" at game over. */
export function waitWords(view: PlayerView, names: Names, me: string | null): string {
  if (view.phase === "gameOver") return "";
  const who = view.waitingFor[0] ?? view.turn;
  const n = (id: string | null) => (id !== null && id === me ? "you" : nameOf(names, id));
  const subject = who === me ? "You" : nameOf(names, who);
  const p = view.pending;
  switch (view.phase) {
    case "draw":
      return `${subject}: drawing cards`;
    case "play":
      return `${subject}: playing cards`;
    case "discard":
      return `${subject}: discarding down to their life`;
    case "generalStore":
      return `${subject}: picking from the General Store`;
    case "choice":
      return p?.kind === "lucky" ? `${subject}: choosing a "draw!" card (Lucky Duke)` : `${subject}: keeping 2 of 3 cards (Kit Carlson)`;
    case "response":
      switch (p?.kind) {
        case "shot":
          return `${subject}: answering a shot from ${n(p.by)}`;
        case "duel":
          return p.by === who ? `${subject}: answering in ${who === me ? "your" : "their"} own Duel` : `${subject}: in a Duel with ${n(p.by)}`;
        case "indians":
          return `${subject}: facing Indians! from ${n(p.by)}`;
        case "dying":
          return `${subject}: at 0 life, last chance`;
        default:
          return `${subject}: answering`;
      }
    default:
      return "";
  }
}

/** The public cards of the pending step: the General Store's, Lucky Duke's flipped ones ("" when none). */
export function pendingCards(view: PlayerView): CardId[] {
  const p = view.pending;
  if (!p || (p.kind !== "store" && p.kind !== "lucky")) return [];
  return p.cards.filter((c): c is CardId => c !== null);
}

