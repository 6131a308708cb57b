/**
 * The round's showdown as the table shows it, read from views (plain functions): who aimed at whom,
 * which cards were revealed as `bang` or `click` and which went face down, who lay down, the wounds and
 * deaths (F4). Views carry no events, so what the table remembers between two views (the last
 * showdown, the New Godfather tile's taker, the lines to draw) is computed here from the previous
 * memory and the new view; it only decorates, and the table never waits for it.
 */
import type { Bullet, CngEvent, CngSeatView, CngView, Courage } from "@bang/game-cash-n-guns";
import type { SeatLine } from "../../components/table/ShotLines";
import { aimOf, aimsRevealed } from "./table";

/** One player's part in a round's showdown. */
export interface ShotRow {
  player: string;
  /** F3.5: the target held up (after a retarget, the new one); null: nobody (too slow). */
  target: string | null;
  /**
   * F4.1, F4.2: the card as revealed (`click`, `bang`), `face_down` when discarded unseen (its kind is
   * the owner's alone: `own` tells it to the owner's page), or null when this page cannot tell.
   */
  card: Bullet | "face_down" | null;
  /** F8.8: the kind of the viewer's own face-down card (null for anyone else's). */
  own: Bullet | null;
  /** F3.7: the courage choice, null when this page cannot tell. */
  courage: Courage | null;
  /** F4.2, F4.3: wounds taken this round. */
  wounds: number;
  /** F4.5: died this round. */
  died: boolean;
}

/** A round's showdown: `complete` when read from a view that still shows the round's cards. */
export interface Showdown {
  round: number;
  rows: ShotRow[];
  complete: boolean;
  /** F10.11: nobody could take a share: the round's loot left the game. */
  lootLost: boolean;
}

/** F4.1: whether `p`'s card went face down: they lay down, held nobody up, or their target lay down. */
function faceDown(view: CngView, p: CngSeatView): boolean {
  const target = aimOf(p);
  if (p.courage === "lie_down" || target === null) return true;
  return view.players.find((q) => q.id === target)?.courage === "lie_down";
}

/**
 * F4, F8.8: the showdown of `view`'s round once its cards have taken effect (in `sharing` and at
 * `game_over`), else null. Rows follow seat order, for the players who took part (a courage choice
 * shown); wounds are counted from the revealed `bang` cards aimed at each player.
 */
export function showdownOf(view: CngView): Showdown | null {
  if (view.phase !== "sharing" && view.phase !== "game_over") return null;
  const part = view.players.filter((p) => p.courage === "stand" || p.courage === "lie_down");
  if (part.length === 0) return null;
  const rows: ShotRow[] = part.map((p) => {
    const down = faceDown(view, p);
    const mine = p.bullet !== null && p.bullet !== "hidden" ? p.bullet : null;
    return { player: p.id, target: aimOf(p), card: down ? "face_down" : mine, own: down ? mine : null, courage: p.courage as Courage, wounds: 0, died: !p.alive };
  });
  for (const r of rows) r.wounds = rows.filter((s) => s.card === "bang" && s.target === r.player).length;
  return { round: view.round, rows, complete: true, lootLost: false };
}

/**
 * F4, F10.11: the showdown of `prev`'s round when the game went straight from it to the next round
 * (nobody could share): the aims `prev` revealed, and the wounds and deaths `next` shows. The cards
 * and courage choices are no longer in any view: null (the event log tells them); a wounded player
 * stood (F3.8).
 */
export function skippedShowdown(prev: CngView, next: CngView): Showdown {
  const rows: ShotRow[] = prev.players
    .filter((p) => p.alive)
    .map((p) => {
      const after = next.players.find((q) => q.id === p.id);
      const wounds = Math.max(0, (after?.wounds ?? p.wounds) - p.wounds);
      return { player: p.id, target: aimOf(p), card: null, own: null, courage: wounds > 0 ? "stand" : null, wounds, died: after?.alive === false };
    });
  return { round: prev.round, rows, complete: false, lootLost: true };
}

/** The events of round `round` in `events` (in order): each round's ends with its `roundEnded`. */
function eventsOfRound(events: readonly CngEvent[], round: number): CngEvent[] {
  let current = 1;
  const out: CngEvent[] = [];
  for (const e of events) {
    if (current === round) out.push(e);
    if (e.type === "roundEnded") current = e.round + 1;
  }
  return out;
}

/**
 * F4, F8.8: round `round`'s showdown rebuilt from the game's events as this viewer got them (a reload
 * or a late arrival: views no longer carry the cards of a round that is over): the aims revealed and
 * changed (F3.5, F3.6), the courage choices (F3.8), each card revealed or discarded face down (its kind
 * only in the owner's own events, F8.8), the wounds and deaths, and whether the loot left the game
 * (F10.11). Null while the round's cards have not taken effect in `events`.
 */
export function showdownFromEvents(events: readonly CngEvent[], round: number): Showdown | null {
  const mine = eventsOfRound(events, round);
  const aims = mine.find((e) => e.type === "aimsRevealed");
  const choices = mine.find((e) => e.type === "courageRevealed");
  if (!aims || !choices || !mine.some((e) => e.type === "bulletRevealed" || e.type === "bulletDiscarded")) return null;
  const target = new Map(aims.aims.map((a) => [a.player, a.target]));
  const courage = new Map(choices.choices.map((c) => [c.player, c.choice]));
  const rows: ShotRow[] = aims.aims
    .filter((a) => courage.has(a.player))
    .map((a) => ({ player: a.player, target: a.target, card: null, own: null, courage: courage.get(a.player)!, wounds: 0, died: false }));
  const row = (id: string) => rows.find((r) => r.player === id);
  for (const e of mine) {
    if (e.type === "retargeted") target.set(e.player, e.target);
    const r = "player" in e ? row(e.player) : undefined;
    if (!r) continue;
    if (e.type === "bulletRevealed") r.card = e.card;
    else if (e.type === "bulletDiscarded") [r.card, r.own] = ["face_down", e.card];
    else if (e.type === "wounded") r.wounds += e.amount;
    else if (e.type === "died") r.died = true;
  }
  for (const r of rows) r.target = target.get(r.player) ?? null;
  return { round, rows, complete: true, lootLost: mine.some((e) => e.type === "lootDiscarded") };
}

/**
 * The showdown the table shows for `view` when it remembers none (a page just opened): in the next
 * round's bullet choice and hold-up, the last round's, rebuilt from the log (`showdownFromEvents`);
 * else null (in `sharing` and at the end the view itself tells the showdown).
 */
export function showdownOnOpen(view: CngView, log: readonly { event: { type: string } }[]): Showdown | null {
  if (view.round < 2 || (view.phase !== "bullet_choice" && view.phase !== "hold_up")) return null;
  return showdownFromEvents(log.map((l) => l.event as CngEvent), view.round - 1);
}

/** What the table remembers between views. */
export interface Memory {
  /** The view last seen (null before the first). */
  view: CngView | null;
  /** The last showdown seen, kept into the next round until the next one. */
  showdown: Showdown | null;
  /** F5.5: who turned the New Godfather tile this round, when this page saw it happen. */
  tileTaker: string | null;
  /** Lines to draw for the latest change (aims revealed, cards revealed), and their token. */
  lines: SeatLine[];
  linesToken: number;
}

/** A memory before any view. */
export const EMPTY_MEMORY: Memory = { view: null, showdown: null, tileTaker: null, lines: [], linesToken: 0 };

/** F8.5: a line from every aiming player to their target (the aims just revealed, or a retarget). */
function aimLines(view: CngView): SeatLine[] {
  return view.players.flatMap((p) => {
    const t = aimOf(p);
    return p.alive && t ? [{ from: p.id, to: t, kind: "aim" }] : [];
  });
}

/** F4.2: a line for each revealed card, coloured by its kind. */
function cardLines(s: Showdown): SeatLine[] {
  return s.rows.flatMap((r) => (r.target && (r.card === "bang" || r.card === "click") ? [{ from: r.player, to: r.target, kind: r.card }] : []));
}

/**
 * The memory after `view` arrives: the showdown of its round once its cards are revealed (or, when the
 * game went from `prev`'s revealed aims straight to the next round, the part still known), else the
 * previous one; the tile's taker (the player whose share it was when the tile turned); lines when the
 * aims were just revealed or changed (F3.6), or the cards just revealed. A step back (a replay
 * scrubbed backwards) or a view of another game draws no line.
 */
export function remember(memory: Memory, view: CngView): Memory {
  const prev = memory.view;
  if (prev && prev.stateId === view.stateId) return memory;
  const forward = prev !== null && view.stateId > prev.stateId;
  let showdown = showdownOf(view);
  let lines: SeatLine[] = [];
  if (showdown) {
    const fresh = !memory.showdown || memory.showdown.round !== showdown.round || !memory.showdown.complete;
    if (forward && fresh) lines = cardLines(showdown);
  } else if (forward && prev && view.round > prev.round && aimsRevealed(prev) && prev.phase !== "sharing") {
    showdown = skippedShowdown(prev, view);
  } else {
    showdown = memory.showdown && memory.showdown.round <= view.round ? memory.showdown : null;
  }
  if (forward && prev && prev.round === view.round && aimsRevealed(view)) {
    const changed = view.players.some((p) => aimOf(p) !== aimOf(prev.players.find((q) => q.id === p.id) ?? p));
    if (!aimsRevealed(prev) || (changed && (view.phase === "courage" || view.phase === "godfather_privilege"))) lines = aimLines(view);
  }
  let tileTaker = prev && prev.round === view.round ? memory.tileTaker : null;
  if (forward && prev && prev.round === view.round && prev.tile === "available" && view.tile === "taken") tileTaker = prev.turn;
  return { view, showdown, tileTaker, lines, linesToken: lines.length > 0 ? view.stateId : memory.linesToken };
}
