import type { ShownStep, Viewer } from "@bang/game-core";
import { phaseOf, stepPlayer, waitingFor } from "./flow.js";
import type { BarrelSource, CardId, Character, Command, FlowStep, GameEvent, GameState, Phase, PlayerId, Role, Winner } from "./types.js";

/** One seat as a viewer sees it: `role` null where E1.3 keeps it secret, `hand` null unless it is the viewer's. */
export interface SeatView {
  id: PlayerId;
  character: Character;
  role: Role | null;
  life: number;
  maxLife: number;
  alive: boolean;
  hand: CardId[] | null;
  handSize: number;
  inPlay: CardId[];
}

/**
 * The public form of the step the game waits on: its kind, the player it waits for, who caused it,
 * the misses needed and made and barrel sources used (a shot), and its cards (the General Store's and
 * Lucky Duke's flipped cards for everyone, Kit Carlson's for him alone: null for others).
 */
export interface PendingView {
  kind: "shot" | "duel" | "indians" | "dying" | "store" | "kit" | "lucky";
  player: PlayerId;
  by: PlayerId | null;
  needed: number;
  misses: number;
  used: BarrelSource[];
  cards: (CardId | null)[];
}

/**
 * What one viewer may see of a game (E1.3, DESIGN invariant 4): everything public (life, cards in play,
 * the discard pile, the size of the draw pile and of each hand), the viewer's own hand and role, never
 * the draw pile's order or the generator's state. Plain JSON.
 */
export interface PlayerView {
  viewer: Viewer;
  stateId: number;
  phase: Phase;
  turn: PlayerId;
  turnNumber: number;
  waitingFor: PlayerId[];
  bangsPlayed: number;
  players: SeatView[];
  deckSize: number;
  discard: CardId[];
  pending: PendingView | null;
  winner: Winner | null;
}

/** Is the viewer `id` (a player) or an admin? */
const sees = (viewer: Viewer, id: PlayerId): boolean => viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === id);

/** E1.3, E8.1: may `viewer` see this seat's role? The sheriff's, the viewer's own, an eliminated player's, every role at game over. */
export function roleVisible(s: GameState, p: { id: PlayerId; role: Role; alive: boolean }, viewer: Viewer): boolean {
  return sees(viewer, p.id) || p.role === "sheriff" || !p.alive || s.winner !== null;
}

/**
 * One pending view, every field written out in one order: spreading a shared base object made V8 build
 * each view on a slow path (the games-per-second bench).
 */
function pending(kind: PendingView["kind"], player: PlayerId, by: PlayerId | null, cards: (CardId | null)[], needed = 0, misses = 0, used: BarrelSource[] = []): PendingView {
  return { player, by, needed, misses, used, cards, kind };
}

function pendingView(step: FlowStep | undefined, viewer: Viewer): PendingView | null {
  if (!step) return null;
  const player = stepPlayer(step);
  if (player === null) return null;
  switch (step.t) {
    case "shot":
      return pending("shot", player, step.by, [], step.needed, step.misses, step.used.slice());
    case "duel":
      return pending("duel", player, step.challenger, []);
    case "indians":
      return pending("indians", player, step.by, []);
    case "dying":
      return pending("dying", player, step.by, []);
    case "store":
      return pending("store", player, null, step.cards.slice());
    case "kit":
      return pending("kit", player, null, step.cards.map((c) => (sees(viewer, step.player) ? c : null)));
    case "lucky":
      return pending("lucky", player, null, step.cards.slice());
    default:
      return null;
  }
}

/** The view of `s` for `viewer` (boardgame.io's playerView): the only state that leaves a server. */
export function playerView(s: GameState, viewer: Viewer): PlayerView {
  const waiting = waitingFor(s);
  return {
    viewer,
    stateId: s.stateId,
    phase: phaseOf(s),
    turn: s.players[s.turn]!.id,
    turnNumber: s.turnNumber,
    waitingFor: waiting === null ? [] : [waiting],
    bangsPlayed: s.bangsPlayed,
    players: s.players.map((p) => ({
      id: p.id,
      character: p.character,
      role: roleVisible(s, p, viewer) ? p.role : null,
      life: p.life,
      maxLife: p.maxLife,
      alive: p.alive,
      hand: sees(viewer, p.id) ? [...p.hand] : null,
      handSize: p.hand.length,
      inPlay: [...p.inPlay],
    })),
    deckSize: s.deck.length,
    discard: [...s.discard],
    pending: pendingView(s.pending[0], viewer),
    winner: s.winner,
  };
}

/**
 * What `viewer` may see of one event: cards drawn from the draw pile by their drawer alone, even for a
 * player whose id happens to be "deck" (from the discard pile: everyone); a card taken at random from a hand by the two players involved (E11.22);
 * Kit Carlson's three cards and the one he puts back by him alone (E10.7); everything else is public.
 */
export function eventView(event: GameEvent, viewer: Viewer): GameEvent {
  switch (event.type) {
    case "drew":
      if (event.from === "discard" || sees(viewer, event.player) || (event.from !== "deck" && sees(viewer, event.from))) return event;
      return { ...event, cards: event.cards.map(() => null) };
    case "looked":
      return sees(viewer, event.player) ? event : { ...event, cards: event.cards.map(() => null) };
    case "putBack":
      return sees(viewer, event.player) ? event : { ...event, card: null };
    case "stolen":
      if (!event.fromHand || sees(viewer, event.player) || sees(viewer, event.from)) return event;
      return { ...event, card: null };
    default:
      return event;
  }
}

/** What `viewer` may see of one accepted command and its events: Kit Carlson's `keep` hides its cards from others. */
export function stepView(command: Command, events: GameEvent[], viewer: Viewer): ShownStep<GameEvent> {
  const { by, ...rest } = command;
  const shown = command.type === "keep" && !sees(viewer, by) ? { type: "keep" } : rest;
  return { command: shown as ShownStep<GameEvent>["command"], events: events.map((e) => eventView(e, viewer)) };
}
