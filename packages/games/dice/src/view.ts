import type { Viewer } from "@bang/game-core";
import { playerToAct } from "./commands.js";
import type { Character, Face, GameState, Phase, PlayerId, Role, Winner } from "./types.js";

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
  phase: Phase;
  /** The active player's id. */
  turn: PlayerId;
  turnNumber: number;
  /** Who the game waits for now: the active player, or Bart Cassidy during a reaction; nobody at game over. */
  waitingFor: PlayerId[];
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

/** The view of `s` for `viewer` (boardgame.io's playerView): the only state that leaves a server. */
export function playerView(s: GameState, viewer: Viewer): PlayerView {
  const waiting = playerToAct(s);
  return {
    viewer,
    stateId: s.stateId,
    phase: s.phase,
    turn: s.players[s.turn]!.id,
    turnNumber: s.turnNumber,
    waitingFor: waiting === null ? [] : [waiting],
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
