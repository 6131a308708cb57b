import { THREE_PLAYER_TARGET } from "../../rules/end.js";
import type { PlayerId, Role } from "../../types.js";
import type { PlayerView, SeatView } from "../../view.js";

/** Hostility of the player whose fall wins the game: the sheriff for an outlaw, one's target with 3 players (R7.2). */
export const PRIME = 1000;
/** Hostility of a known enemy. */
export const ENEMY = 200;
/** Hostility of a player whose role is secret (R1.2), before the per-player preference (0..60). */
export const SUSPECT = 50;
/** Hostility of a known ally. */
export const FRIEND = -200;
/** Hostility of a player whose fall loses the game: the sheriff for a deputy (R6.1), or for a renegade while others live. */
export const PROTECTED = -1000;
/** At or below this life the sheriff counts as weak (the renegade then protects him). */
export const WEAK_SHERIFF_LIFE = 4;
/** Life scale used to turn "lowest life first" into a positive preference. */
const LIFE_SCALE = 12;

/**
 * What the heuristic knows from its own view, read once per decision: only public facts (life,
 * arrows, characters), its own role, the sheriff's role (R1.2), the revealed roles of eliminated players
 * (R5.1), and every role with 3 players (R7.1).
 */
export interface Table {
  readonly view: PlayerView;
  readonly players: readonly SeatView[];
  readonly meIndex: number;
  readonly me: SeatView;
  readonly role: Role;
  readonly threePlayers: boolean;
  /** Living players, me included. */
  readonly living: number;
  /**
   * Per seat: how much I want that player to lose life. > 0 an enemy or a suspect (bigger first), < 0
   * a player I want alive ({@link PROTECTED} for the one whose fall loses the game), 0 for me and the
   * eliminated.
   */
  readonly hostility: number[];
  /** Per seat: the weight of a life point given to that player (me: 1); 0 or less: never when avoidable. */
  readonly care: number[];
}

/** Reads `view` from `me`'s seat. Throws when `me` is not seated or its own role is hidden (not its own view). */
export function readTable(view: PlayerView, me: PlayerId): Table {
  const players = view.players;
  const meIndex = players.findIndex((p) => p.id === me);
  const mine = players[meIndex];
  if (!mine) throw new Error(`heuristic bot: "${me}" is not seated in this view`);
  const role = mine.role;
  if (role === null) throw new Error(`heuristic bot: the view does not show "${me}"'s role; give the bot its own view`);
  const threePlayers = players.length === 3;
  let living = 0;
  let sheriffSeat = -1;
  for (let i = 0; i < players.length; i++) {
    if (players[i]!.alive) living++;
    if (players[i]!.role === "sheriff") sheriffSeat = i;
  }
  const sheriff = sheriffSeat >= 0 ? players[sheriffSeat]! : null;
  const beside = sheriff?.alive ? livingNeighbours(players, sheriffSeat) : NO_NEIGHBOURS;
  const sheriffAlive = sheriff !== null && sheriff.alive && sheriff !== mine;
  const othersAlive = living - 1 - (sheriffAlive ? 1 : 0);
  const sheriffWeak = sheriff !== null && sheriff.life <= WEAK_SHERIFF_LIFE;

  const hostility = new Array<number>(players.length);
  const care = new Array<number>(players.length);
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (i === meIndex) {
      hostility[i] = 0;
      care[i] = 1;
    } else if (!p.alive) {
      hostility[i] = 0;
      care[i] = 0;
    } else if (threePlayers) {
      // R7.2: everyone is an enemy; one's own target is the one to finish.
      hostility[i] = role !== "sheriff" && p.role === THREE_PLAYER_TARGET[role] ? PRIME : ENEMY;
      care[i] = -1;
    } else if (p.role === "sheriff") {
      hostility[i] = sheriffHostility(role, othersAlive);
      care[i] = role === "deputy" ? 1.2 : role === "renegade" && othersAlive > 0 && sheriffWeak ? 0.9 : -1;
    } else if (p.role !== null) {
      const ally = sameTeam(role, p.role);
      hostility[i] = ally ? FRIEND : ENEMY;
      care[i] = ally ? 0.8 : -1;
    } else {
      hostility[i] = SUSPECT + suspectPreference(role, p, sheriffWeak, i === beside[0] || i === beside[1]);
      care[i] = 0;
    }
  }
  return { view, players, meIndex, me: mine, role, threePlayers, living, hostility, care };
}

/** R6.1: outlaws win by the sheriff's fall, deputies lose; the renegade needs him alive until the end. */
function sheriffHostility(role: Role, othersAlive: number): number {
  switch (role) {
    case "outlaw":
      return PRIME;
    case "deputy":
      return PROTECTED;
    case "renegade":
      return othersAlive > 0 ? PROTECTED : PRIME;
    case "sheriff":
      return 0;
  }
}

/** R6: sheriff and deputies are one team, outlaws another, each renegade plays alone (R6.4). */
function sameTeam(a: Role, b: Role): boolean {
  const law = (r: Role) => r === "sheriff" || r === "deputy";
  if (law(a)) return law(b);
  return a === "outlaw" && b === "outlaw";
}

/**
 * Order among players of secret role (0..60): the lowest life first (the quickest to reveal and
 * remove), then the most arrows (the closest to an Indian attack's toll, R4.1). A deputy prefers the
 * sheriff's neighbours (they threaten him); the renegade shoots the weakest while the sheriff is weak,
 * else the strongest, to keep the balance.
 */
function suspectPreference(role: Role, p: SeatView, sheriffWeak: boolean, besideSheriff: boolean): number {
  if (role === "renegade" && !sheriffWeak) return p.life * 4;
  let pref = (LIFE_SCALE - p.life) * 4 + p.arrows;
  if (role === "deputy" && besideSheriff) pref += 4;
  return pref;
}

const NO_NEIGHBOURS: readonly [number, number] = [-1, -1];

/** R3.4: the seats at distance 1 from living seat `seat` (the nearest living seats either way round). */
function livingNeighbours(players: readonly SeatView[], seat: number): readonly [number, number] {
  const n = players.length;
  let before = -1;
  let after = -1;
  for (let k = 1; k < n && after < 0; k++) if (players[(seat + k) % n]!.alive) after = (seat + k) % n;
  for (let k = 1; k < n && before < 0; k++) if (players[(seat - k + n) % n]!.alive) before = (seat - k + n) % n;
  return [before, after];
}
