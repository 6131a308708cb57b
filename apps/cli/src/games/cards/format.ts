/**
 * Text of Bang! the card game (RULES-cards.md part E) for people: the table as one viewer sees it (every
 * seat's character, the roles the view shows, life, hand size, cards in play, reach and distance from
 * the viewer; the viewer's own hand, lettered), the step the game waits on, and the winner. Everything
 * here reads a PlayerView (never the full state): a hand is printed only when the view holds it.
 */
import { distance, reachOf, weaponOf, type CardId, type PlayerView, type Role, type SeatView, type Winner } from "@bang/game-cards";
import { columns } from "../../shell/text.js";

/** `a`..`z`: the letter of the i-th card of a list (hands hold far fewer than 26 cards). */
export const letterOf = (i: number): string => String.fromCharCode(97 + i);

/** `a) bang_7d  b) missed_2s`: cards with their letters, as typed at the prompt. */
export function lettered(cards: readonly CardId[]): string {
  return cards.length === 0 ? "none" : cards.map((c, i) => `${letterOf(i)}) ${c}`).join("  ");
}

/** `the sheriff`, `an outlaw`, `a deputy`. */
export const article = (role: Role): string => (role === "sheriff" ? "the" : role === "outlaw" ? "an" : "a");

/** What each role plays for (E9), for the player's own reminder. */
export function roleGoal(role: Role, eightPlayers: boolean): string {
  switch (role) {
    case "sheriff":
      return "eliminate every outlaw and renegade";
    case "deputy":
      return "protect the sheriff; eliminate every outlaw and renegade";
    case "outlaw":
      return "eliminate the sheriff";
    case "renegade":
      return eightPlayers ? "be the last one alive, alone (the other renegade too must fall)" : "be the last one alive, the sheriff last";
  }
}

const PHASE_WORDS: Readonly<Record<PlayerView["phase"], string>> = {
  turnStart: "starting the turn",
  draw: "phase 1 (draw)",
  play: "phase 2 (play)",
  discard: "phase 3 (discard)",
  response: "answering",
  choice: "choosing",
  generalStore: "the General Store",
  gameOver: "game over",
};

/** One line on the step the game waits on (a shot, a Duel, a last resort, the General Store...), or null. */
export function pendingLine(view: PlayerView): string | null {
  const p = view.pending;
  if (!p) return null;
  switch (p.kind) {
    case "shot":
      return `${p.player} is shot at by ${p.by ?? "?"}: misses ${p.misses} of ${p.needed}${p.used.length > 0 ? `, barrel sources used: ${p.used.join(", ")}` : ""}.`;
    case "duel":
      return `Duel (${p.by ?? "?"} challenged): ${p.player} must discard a BANG! or lose 1 life.`;
    case "indians":
      return `Indians! (${p.by ?? "?"}): ${p.player} must discard a BANG! or lose 1 life.`;
    case "dying":
      return `${p.player} is at ${view.players.find((s) => s.id === p.player)?.life ?? "?"} life: a last resort (Beer) or elimination.`;
    case "store":
      return `General Store: ${p.cards.join(", ")}; ${p.player} picks.`;
    case "kit":
      return `Kit Carlson ${p.player} looks at the top three cards${p.cards.every((c) => c !== null) ? `: ${p.cards.join(", ")}` : ""}; he keeps two.`;
    case "lucky":
      return `Lucky Duke ${p.player} flipped ${p.cards.join(", ")} for a "draw!" and chooses the result.`;
  }
}

/** The seat columns: marker, seat, player, character, role, life, hand size, reach, distance, cards in play. */
function seatRows(view: PlayerView, me: string | null): string[][] {
  const header = ["", "seat", "player", "character", "role", "life", "hand", "reach", "dist", "in play"];
  const mine = view.players.find((p) => p.id === me);
  const rows = view.players.map((p, i) => [
    p.id === view.turn && view.phase !== "gameOver" ? ">" : "",
    String(i + 1),
    p.id === me ? `${p.id} (you)` : p.id,
    p.character,
    p.role ?? "?",
    p.alive ? `${p.life}/${p.maxLife}` : "out",
    String(p.handSize),
    p.alive ? `${reachOf(p)}${weaponOf(p) === "colt_45" ? "" : ` ${weaponOf(p)}`}` : "-",
    mine?.alive && p.alive && p.id !== me ? String(distance(view.players, mine.id, p.id)) : "-",
    p.inPlay.join(", ") || "-",
  ]);
  return [header, ...rows];
}

/**
 * The table as `view.viewer` sees it: the turn and its phase, the piles, the seats, the step the game
 * waits on, and for a player their own hand (lettered a, b, ...) and role.
 */
export function renderTable(view: PlayerView): string {
  const me = view.viewer.kind === "player" ? view.viewer.id : null;
  const top = view.discard.at(-1);
  const head =
    view.phase === "gameOver"
      ? `Turn ${view.turnNumber}: the game is over.`
      : `Turn ${view.turnNumber}: ${view.turn}${view.turn === me ? " (you)" : ""}, ${PHASE_WORDS[view.phase]}. BANG! played this turn: ${view.bangsPlayed}.`;
  const lines = [head, `Draw pile: ${view.deckSize} cards. Discard pile: ${view.discard.length}${top ? `, top ${top}` : ""}.`, ...columns(seatRows(view, me), " ")];
  const pending = pendingLine(view);
  if (pending && view.phase !== "gameOver") lines.push(pending);
  const mine = view.players.find((p) => p.id === me);
  if (mine?.hand) lines.push(`Your hand (${mine.hand.length}): ${lettered(mine.hand)}`);
  for (const p of view.players) if (p.id !== me && p.hand) lines.push(`${p.id}'s hand: ${p.hand.join(", ") || "none"}`);
  if (mine?.role && view.phase !== "gameOver") {
    const eight = view.players.filter((p) => p.role === "renegade").length > 1 || view.players.length === 8;
    lines.push(`You are ${mine.id}, ${mine.character}, ${article(mine.role)} ${mine.role}: ${roleGoal(mine.role, eight)}.`);
  }
  return lines.join("\n");
}

/** `the law wins (sheriff and deputies: p1, p3)`. */
export function describeWinner(winner: Winner): string {
  const who = winner.players.join(", ");
  switch (winner.team) {
    case "law":
      return `the law wins (sheriff and deputies: ${who})`;
    case "outlaws":
      return `the outlaws win (${who})`;
    case "renegade":
      return `the renegade wins alone (${who})`;
  }
}

/** The side of a seat as E9 ranks it: the law, the outlaws, or a renegade alone (a side of his own). */
function sideOf(p: SeatView): { key: string; team: string } {
  if (p.role === "sheriff" || p.role === "deputy") return { key: "law", team: "law" };
  if (p.role === "outlaw") return { key: "outlaws", team: "outlaws" };
  return { key: `renegade ${p.id}`, team: "renegade" };
}

/**
 * The final ranking from a finished game's view (every role is shown then, E1.3): the winning side at
 * place 1 with its players, every other side at place 2 (E9 ranks no losers), in seat order.
 */
export function rankingLines(view: PlayerView): string[] {
  if (!view.winner) return [];
  const winners = new Set(view.winner.players);
  const sides = new Map<string, { team: string; ids: string[] }>();
  for (const p of view.players) {
    const { key, team } = sideOf(p);
    const side = sides.get(key) ?? { team, ids: [] };
    side.ids.push(p.id);
    sides.set(key, side);
  }
  const rows = [...sides.values()].map(({ team, ids }) => [ids.some((id) => winners.has(id)) ? "1" : "2", team, ids.join(", ")]);
  rows.sort((a, b) => Number(a[0]) - Number(b[0]));
  return ["Ranking (place, side, players):", ...columns(rows)];
}
