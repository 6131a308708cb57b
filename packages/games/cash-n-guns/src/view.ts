/**
 * What each viewer may see (F8): one pure function for the state (`cngView`) and one for a step's
 * command and events (`cngStepView`). Secrets are removed here, never in the transport: an unrevealed
 * bullet, aim or courage choice is shown to its author only (others see `"hidden"`, the same whatever
 * was chosen, F8.4 to F8.7); a card discarded face down stays `"hidden"` to everyone else forever
 * (F8.8); hands and discards are private (F8.3); a clip's outcome is its taker's (F8.9). Admins see
 * everything; a dead player sees what a spectator sees.
 */
import type { Viewer } from "@bang/game-core";
import { playersToAct } from "./apply.js";
import { countOf } from "./rules/bullets.js";
import { playerOf } from "./rules/seats.js";
import type { Bullet, BulletCount, CngCommand, CngEvent, CngPlayer, CngState, Courage, GodfatherOrder, LootCard, Phase, PlayerId, TileSide, Winner } from "./types.js";

/** One seat as a viewer sees it. `hand` and `discard` are null for anyone but their owner (F8.3). */
export interface CngSeatView {
  id: PlayerId;
  alive: boolean;
  status: CngPlayer["status"];
  wounds: number;
  /** Cards in hand (public, F8.1). */
  handSize: number;
  hand: BulletCount | null;
  discard: BulletCount | null;
  /** This round's card: null (not chosen), `"hidden"`, or the kind once shown (F8.4, F8.8). */
  bullet: Bullet | "hidden" | null;
  /** Null (not aimed, or aiming at nobody), `"hidden"` before the reveal, or the target (F8.5). */
  aim: PlayerId | "hidden" | null;
  /** Null (not chosen), `"hidden"` before the reveal, or the choice (F8.7). */
  courage: Courage | "hidden" | null;
  /** Collected loot (public, F10.17). */
  loot: LootCard[];
  /** The total at a game won by `richest` (F7.5, F8.11), else null. */
  score: number | null;
}

/** What one viewer may see of a game. No generator state, no pile not yet laid out (F8.2). */
export interface CngView {
  viewer: Viewer;
  stateId: number;
  waitingFor: PlayerId[];
  round: number;
  phase: Phase;
  godfather: PlayerId;
  players: CngSeatView[];
  table: LootCard[];
  tile: TileSide;
  /** Piles still face down (F8.2: their number only). */
  pilesLeft: number;
  /** The Godfather's order this round (public, F8.6). */
  order: GodfatherOrder | null;
  /** Whose share it is (F8.1), else null. */
  turn: PlayerId | null;
  diamondBonus: PlayerId | null;
  winner: Winner | null;
}

/** F8: whether `viewer` sees `id`'s secrets: an admin, or that very player while alive (a dead player sees what a spectator sees). */
export function seesSecretsOf(s: CngState, viewer: Viewer, id: PlayerId): boolean {
  if (viewer.kind === "admin") return true;
  return viewer.kind === "player" && viewer.id === id && playerOf(s, id)?.alive === true;
}

const AIMS_HIDDEN: readonly Phase[] = ["bullet_choice", "hold_up"];
const COURAGE_HIDDEN: readonly Phase[] = ["bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage"];

/** F8.5: whether this round's aims have been revealed in state `s`. */
export const aimsShown = (s: CngState): boolean => !AIMS_HIDDEN.includes(s.phase);
/** F8.7: whether this round's courage choices have been revealed in state `s`. */
export const courageShown = (s: CngState): boolean => !COURAGE_HIDDEN.includes(s.phase);

/**
 * F8: one seat as `viewer` sees it; `aims` and `courage`: whether this round's aims and courage
 * choices are revealed in `s` (read once per view, not per seat).
 */
function seatView(s: CngState, p: CngPlayer, viewer: Viewer, aims: boolean, courage: boolean): CngSeatView {
  // seesSecretsOf for this very seat, without looking it up again.
  const own = viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === p.id && p.alive);
  return {
    id: p.id,
    alive: p.alive,
    status: p.status,
    wounds: p.wounds,
    handSize: countOf(p.hand),
    hand: own ? { click: p.hand.click, bang: p.hand.bang } : null,
    discard: own ? { click: p.discard.click, bang: p.discard.bang } : null,
    bullet: p.bullet === null ? null : own || p.shown ? p.bullet : "hidden",
    aim: !p.aimed ? null : own || aims ? p.aim : "hidden",
    courage: p.courage === null ? null : own || courage ? p.courage : "hidden",
    loot: p.loot.slice(),
    score: s.scoring?.totals[p.id] ?? null,
  };
}

/** F8: the view of state `s` for `viewer`. */
export function cngView(s: CngState, viewer: Viewer): CngView {
  const aims = aimsShown(s);
  const courage = courageShown(s);
  return {
    viewer,
    stateId: s.stateId,
    waitingFor: playersToAct(s),
    round: s.round,
    phase: s.phase,
    godfather: s.godfather,
    players: s.players.map((p) => seatView(s, p, viewer, aims, courage)),
    table: s.table.slice(),
    tile: s.tile,
    pilesLeft: s.piles.length,
    order: s.order && { ...s.order },
    turn: s.shareTurn,
    diamondBonus: s.scoring?.diamondBonus ?? null,
    winner: s.winner && { players: s.winner.players.slice(), reason: s.winner.reason },
  };
}

/**
 * F8.5, F8.7: whether the secrets of a step taken in round `after.round` are revealed as of state `now`,
 * or by the step itself (`revealedNow`: its own events hold the reveal, F8.1: a finished reveal is
 * public, even when the same step ran on into the next round).
 */
function revealedBy(after: CngState, now: CngState, shown: (s: CngState) => boolean, revealedNow: boolean): boolean {
  return revealedNow || now.round > after.round || shown(now);
}

/**
 * F8.4 to F8.7: a command (without `by`) as `viewer` may see it, given the state `after` it, the state
 * `now` and the step's own `events` (default none): the card of a `choose_bullet` is never shown to
 * others (a revealed card shows in its `bulletRevealed` event; a face-down one never, F8.8); an aim's
 * target and a courage choice show once `now` has revealed them, or once the step itself revealed them
 * (`aimsRevealed`, `courageRevealed` among its events).
 */
export function commandView(after: CngState, now: CngState, command: CngCommand, viewer: Viewer, events: readonly CngEvent[] = []): { type: string } & Record<string, unknown> {
  const { by, ...rest } = command;
  if (viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === by)) return rest;
  if (command.type === "choose_bullet") return { type: command.type };
  if (command.type === "aim" && !revealedBy(after, now, aimsShown, events.some((e) => e.type === "aimsRevealed"))) return { type: command.type };
  if (command.type === "courage" && !revealedBy(after, now, courageShown, events.some((e) => e.type === "courageRevealed"))) return { type: command.type };
  return rest;
}

/**
 * F8 "Viewers": a dead player sees what a spectator sees, in histories too. Returns the viewer a step
 * is shown to as of state `now`: a spectator for a player who is dead in `now`, else `viewer`.
 */
export function historyViewer(now: CngState, viewer: Viewer): Viewer {
  return viewer.kind === "player" && playerOf(now, viewer.id)?.alive === false ? { kind: "spectator" } : viewer;
}

/** F8.8, F8.9: the events `viewer` may see: a face-down card's kind and a clip's outcome only for their owner (and admins). */
export function eventsView(events: readonly CngEvent[], viewer: Viewer): CngEvent[] {
  if (viewer.kind === "admin") return events.slice();
  const me = viewer.kind === "player" ? viewer.id : null;
  const out: CngEvent[] = [];
  for (const e of events) {
    if (e.type === "clipResolved" && e.player !== me) continue;
    if (e.type === "bulletDiscarded" && e.player !== me) out.push({ type: "bulletDiscarded", player: e.player, card: null });
    else out.push(e);
  }
  return out;
}
