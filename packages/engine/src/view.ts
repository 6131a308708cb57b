import { playerToAct } from "./commands.js";
import type { AnyGameState, Character, Face, GameState, Phase, PlayerId, Role, Winner } from "./types.js";
import { duelView, type DuelView } from "./duel/view.js";
import type { DuelState } from "./duel/types.js";

/** Who is looking: a seated player, a spectator, or an admin (who sees every role). */
export type Viewer = { kind: "player"; id: PlayerId } | { kind: "spectator" } | { kind: "admin" };

/** One seat as a viewer sees it; `role` is null where the rules keep it secret (R1.2). */
export interface SeatView {
  id: PlayerId;
  character: Character;
  life: number;
  maxLife: number;
  arrows: number;
  alive: boolean;
  role: Role | null;
}

/**
 * What one viewer may see of a game: everything public, their own role, and no generator state (it
 * would tell the dice to come). Plain JSON.
 */
export interface PlayerView {
  viewer: Viewer;
  stateId: number;
  mode: "classic";
  phase: Phase;
  /** The active player's id. */
  turn: PlayerId;
  turnNumber: number;
  /** Who the game waits for now (Bart Cassidy during a reaction), null at game over. */
  waitingFor: PlayerId | null;
  players: SeatView[];
  arrowsInPile: number;
  dice: Face[];
  rolls: number;
  maxRolls: number;
  exploded: boolean;
  healPending: boolean;
  reaction: { player: PlayerId; max: number } | null;
  winner: Winner | null;
}

/**
 * R1.2, R5.1, R7.1: may `viewer` see the role of seat `seat`? The sheriff's role is public, a 3-player
 * game's roles are public, an eliminated player's role is revealed, and every role shows at game over.
 */
export function roleVisible(s: GameState, seat: number, viewer: Viewer): boolean {
  const p = s.players[seat]!;
  if (viewer.kind === "admin") return true;
  if (viewer.kind === "player" && viewer.id === p.id) return true;
  return p.role === "sheriff" || s.players.length === 3 || !p.alive || s.phase === "gameOver";
}

/** A view of either mode. */
export type AnyPlayerView = PlayerView | DuelView;

/**
 * The view of `s` for `viewer` (boardgame.io's playerView): the only state that leaves a server.
 * Dispatches on the mode: a duel game gets its {@link DuelView}.
 */
export function playerView(s: GameState, viewer: Viewer): PlayerView;
export function playerView(s: DuelState, viewer: Viewer): DuelView;
export function playerView(s: AnyGameState, viewer: Viewer): AnyPlayerView;
export function playerView(s: AnyGameState, viewer: Viewer): AnyPlayerView {
  if (s.mode === "duel") return duelView(s, viewer);
  return {
    viewer,
    stateId: s.stateId,
    mode: s.mode,
    phase: s.phase,
    turn: s.players[s.turn]!.id,
    turnNumber: s.turnNumber,
    waitingFor: playerToAct(s),
    players: s.players.map((p, i) => ({
      id: p.id,
      character: p.character,
      life: p.life,
      maxLife: p.maxLife,
      arrows: p.arrows,
      alive: p.alive,
      role: roleVisible(s, i, viewer) ? p.role : null,
    })),
    arrowsInPile: s.arrowsInPile,
    dice: s.dice.slice(),
    rolls: s.rolls,
    maxRolls: s.maxRolls,
    exploded: s.exploded,
    healPending: s.healPending,
    reaction: s.reaction && { player: s.reaction.player, max: s.reaction.max },
    winner: s.winner,
  };
}
