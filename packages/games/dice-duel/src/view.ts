import type { Viewer } from "@bang/game-core";
import { duelPlayersToAct } from "./apply.js";
import { standing } from "./hideout.js";
import type { DuelCard, DuelPhase, DuelReveal, DuelState, Face, Hideout, PendingEffect, PlayerId, Winner } from "./types.js";

/** One duellist as everyone sees them: the hideout and ammo are public (R8.1). */
export interface DuelSeatView {
  id: PlayerId;
  hideout: Hideout;
  /** Cards still standing, 0..8. */
  cards: number;
  ammo: number;
}

/**
 * A pick as a viewer sees it (R8.9): whether the player picked, and the card only for the player
 * themself or an admin; everyone else sees `card: null` until both picked and the duel is revealed.
 */
export interface DuelPickView {
  player: PlayerId;
  picked: boolean;
  card: DuelCard | null;
}

/** What one viewer may see of a duel game. No generator state, no opponent's pick before the reveal. */
export interface DuelView {
  viewer: Viewer;
  stateId: number;
  phase: DuelPhase;
  turn: PlayerId;
  turnNumber: number;
  /** Who the game waits for: during a duel, every player who has not picked; else the active player. */
  waitingFor: PlayerId[];
  players: DuelSeatView[];
  dice: Face[];
  rolls: number;
  maxRolls: number;
  exploded: boolean;
  duel: { starter: PlayerId; round: number; picks: DuelPickView[] } | null;
  effect: PendingEffect | null;
  lastDuel: DuelReveal | null;
  winner: Winner | null;
}

/** R8.9: may `viewer` see the pick of `seat` now? Only its owner or an admin, until the reveal. */
export function pickVisible(s: DuelState, seat: number, viewer: Viewer): boolean {
  return viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === s.players[seat]!.id);
}

/** The view of duel state `s` for `viewer` (the duel's playerView). */
export function duelView(s: DuelState, viewer: Viewer): DuelView {
  return {
    viewer,
    stateId: s.stateId,
    phase: s.phase,
    turn: s.players[s.turn]!.id,
    turnNumber: s.turnNumber,
    waitingFor: duelPlayersToAct(s),
    players: s.players.map((p) => ({ id: p.id, hideout: { near: p.hideout.near.slice(), far: p.hideout.far.slice() }, cards: standing(p.hideout), ammo: p.ammo })),
    dice: s.dice.slice(),
    rolls: s.rolls,
    maxRolls: s.maxRolls,
    exploded: s.exploded,
    duel: s.duel && {
      starter: s.players[s.duel.starter]!.id,
      round: s.duel.round,
      picks: s.players.map((p, i) => ({ player: p.id, picked: s.duel!.picks[i] !== null, card: pickVisible(s, i, viewer) ? s.duel!.picks[i]! : null })),
    },
    effect: s.effect && { card: s.effect.card, count: s.effect.count },
    lastDuel: s.lastDuel && { ...s.lastDuel, picks: s.lastDuel.picks.map((p) => ({ ...p })) },
    winner: s.winner,
  };
}

/**
 * A duel command as `viewer` may see it (R8.9, DESIGN invariant 4), given the state `after` it was
 * accepted and the state `now` (default `after`: shown live): a `pick` is shown without its card to
 * everyone but its author and admins while the duel it was made in still waits for the other pick at
 * `now` (the same turn and round, not revealed yet). Every other command, and every revealed pick, is
 * shown as it is.
 */
export function duelCommandView<C extends { type: string; card?: unknown }>(after: DuelState, command: C, by: PlayerId, viewer: Viewer, now: DuelState = after): C {
  if (command.type !== "pick" || after.phase !== "duel" || !after.duel) return command;
  if (now.phase !== "duel" || !now.duel || now.turnNumber !== after.turnNumber || now.duel.round !== after.duel.round) return command;
  const seat = now.players.findIndex((p) => p.id === by);
  if (seat < 0 || now.duel.picks[seat] === null || pickVisible(now, seat, viewer)) return command;
  const { card: _card, ...hidden } = command;
  return hidden as C;
}
