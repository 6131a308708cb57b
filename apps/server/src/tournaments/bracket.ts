import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { Status, type Database, type Match, type MatchGame, type Participant, type Stage } from "brackets-model";
import type { GameResult } from "@bang/game-core";
import type { ErrorCode } from "@bang/protocol";

/** Head-to-head formats, for the tournaments of 2-seat games (each match is one game). */
export type BracketFormat = "single_elimination" | "double_elimination" | "round_robin";
export const BRACKET_FORMATS: readonly BracketFormat[] = ["single_elimination", "double_elimination", "round_robin"];

/** Is `format` a head-to-head bracket format (not the table format)? */
export function isBracketFormat(format: string): format is BracketFormat {
  return (BRACKET_FORMATS as readonly string[]).includes(format);
}

/**
 * The winner of a finished match game (a head-to-head game): the single player placed first in its
 * ranking, or null when the ranking has no single winner.
 */
export function singleWinner(result: GameResult): string | null {
  const first = result.ranking.filter((side) => side.place === 1).flatMap((side) => side.players);
  return first.length === 1 ? first[0]! : null;
}

/** A refused bracket report, with its stable code (nothing changed). */
export class BracketError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "BracketError";
  }
}

/**
 * Starts the game of one bracket match between two players (a head-to-head game of the tournament's
 * game) and resolves its game id: the seam where the node's host creates it.
 */
export type MatchStarter = (match: { matchId: number; players: [string, string] }) => Promise<{ gameId: string }>;

/** brackets-manager's in-memory storage, whose tables can be exported for the database. */
class ExportableDatabase extends InMemoryDatabase {
  /** A deep copy of every table (JSON-serialisable). */
  export(): Database {
    return structuredClone(this.data);
  }
}

/**
 * What is stored of a bracket so that a restart keeps it: the library's storage (stage, groups,
 * rounds, matches, participants) and the game started for each match (by match id).
 */
export interface BracketSnapshot {
  stageId: number;
  storage: Database;
  games: [matchId: number, gameId: string][];
}

/** One match of the bracket as the API shows it. */
export interface BracketMatch {
  matchId: number;
  groupId: number;
  roundId: number;
  number: number;
  status: "locked" | "waiting" | "ready" | "running" | "completed" | "archived";
  players: [string | null, string | null];
  winner: string | null;
  gameId: string | null;
}

/**
 * The library's own data of the bracket, as `brackets-viewer` renders it: the stage, its matches (with
 * `opponent1`/`opponent2` `{id, position, result}`), match games (none: a match is one game) and
 * participants, whose `name` is the player id (the caller shows the player's name).
 */
export interface BracketViewerData {
  stages: Stage[];
  matches: Match[];
  matchGames: MatchGame[];
  participants: Participant[];
}

const STATUS: Record<number, BracketMatch["status"]> = {
  [Status.Locked]: "locked",
  [Status.Waiting]: "waiting",
  [Status.Ready]: "ready",
  [Status.Running]: "running",
  [Status.Completed]: "completed",
  [Status.Archived]: "archived",
};

/**
 * A head-to-head bracket (single or double elimination, round robin) kept by the `brackets-manager`
 * package on its in-memory storage: the bracket's structure, progression and final standings are the
 * library's. This layer starts a head-to-head game for every match that becomes ready (both players known),
 * takes each game's result back (`report`), and refuses a game that is not one of its matches.
 */
export class Bracket {
  private readonly gameOfMatch = new Map<number, string>();
  private readonly matchOfGame = new Map<string, number>();
  private readonly participantOf = new Map<string, number>();
  private readonly playerOf = new Map<number, string>();
  /** Players in a running match: a round robin makes every match ready at once, but a player plays one at a time. */
  private readonly busy = new Set<string>();
  private serial: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly storage: ExportableDatabase,
    private readonly manager: BracketsManager,
    private readonly stageId: number,
    readonly format: BracketFormat,
    private readonly startMatch: MatchStarter,
  ) {}

  /**
   * Creates the bracket for `players` (player ids, best seed first; at least 2) and starts the game
   * of every match ready. Elimination brackets use the standard seeding (1 meets the last seed, ...);
   * double elimination has a single grand final; round robin is one group where everyone meets once.
   */
  static async create(format: BracketFormat, players: readonly string[], startMatch: MatchStarter): Promise<Bracket> {
    if (players.length < 2 || new Set(players).size !== players.length) throw new BracketError("TOO_FEW_PLAYERS", "a bracket needs at least 2 distinct players");
    const storage = new ExportableDatabase();
    const manager = new BracketsManager(storage);
    const size = format === "round_robin" ? players.length : 2 ** Math.ceil(Math.log2(players.length));
    const stage = await manager.create.stage({
      tournamentId: 0,
      name: format,
      type: format,
      seeding: [...players, ...Array<null>(format === "round_robin" ? 0 : size - players.length).fill(null)],
      settings:
        format === "round_robin"
          ? { groupCount: 1, roundRobinMode: "simple" }
          : format === "double_elimination"
            ? { grandFinal: "simple", seedOrdering: ["inner_outer"], balanceByes: true }
            : { seedOrdering: ["inner_outer"], balanceByes: true },
    });
    const bracket = new Bracket(storage, manager, Number(stage.id), format, startMatch);
    await bracket.index();
    await bracket.startReady();
    return bracket;
  }

  /**
   * A bracket from its stored snapshot (after a restart): matches keep their games, the players of
   * running matches stay busy, and any ready match without a game gets its game started now.
   */
  static async restore(format: BracketFormat, snapshot: BracketSnapshot, startMatch: MatchStarter): Promise<Bracket> {
    const storage = new ExportableDatabase();
    storage.setData(structuredClone(snapshot.storage));
    const bracket = new Bracket(storage, new BracketsManager(storage), snapshot.stageId, format, startMatch);
    await bracket.index();
    for (const [matchId, gameId] of snapshot.games) {
      bracket.gameOfMatch.set(matchId, gameId);
      bracket.matchOfGame.set(gameId, matchId);
    }
    for (const m of await bracket.allMatches()) {
      if (m.status !== Status.Running) continue;
      for (const player of [bracket.playerIn(m.opponent1), bracket.playerIn(m.opponent2)]) if (player) bracket.busy.add(player);
    }
    await bracket.run(() => bracket.startReady());
    return bracket;
  }

  /** The bracket as stored (see restore). Taken between changes (changes run one at a time). */
  snapshot(): Promise<BracketSnapshot> {
    return this.run(async () => ({ stageId: this.stageId, storage: this.storage.export(), games: [...this.gameOfMatch].filter(([, g]) => g !== "") }));
  }

  /** Whether game `gameId` is one of the bracket's match games. */
  has(gameId: string): boolean {
    return this.matchOfGame.has(gameId);
  }

  private async index(): Promise<void> {
    const data = await this.manager.get.stageData(this.stageId);
    for (const p of data.participant) {
      this.participantOf.set(p.name, Number(p.id));
      this.playerOf.set(Number(p.id), p.name);
    }
  }

  /**
   * The player in one slot of a match, or null while the slot is not decided (`{id: null}`: the winner
   * of an earlier match) or is a bye (`null`). Participant ids start at 0, so the id is checked before
   * Number() turns a null into the top seed.
   */
  private playerIn(slot: Match["opponent1"]): string | null {
    if (slot?.id === null || slot?.id === undefined) return null;
    return this.playerOf.get(Number(slot.id)) ?? null;
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.serial.then(task, task);
    this.serial = next.catch(() => undefined);
    return next;
  }

  private async allMatches(): Promise<Match[]> {
    return (await this.manager.get.stageData(this.stageId)).match as Match[];
  }

  /** Starts the game of every ready match that has none yet and whose two players are free. */
  private async startReady(): Promise<void> {
    for (const m of await this.allMatches()) {
      const id = Number(m.id);
      if (m.status !== Status.Ready || this.gameOfMatch.has(id)) continue;
      const a = this.playerIn(m.opponent1);
      const b = this.playerIn(m.opponent2);
      if (a === null || b === null || this.busy.has(a) || this.busy.has(b)) continue;
      this.busy.add(a);
      this.busy.add(b);
      // Marked before the game starts, so a fast result never finds the match unknown.
      this.gameOfMatch.set(id, "");
      const { gameId } = await this.startMatch({ matchId: id, players: [a, b] });
      this.gameOfMatch.set(id, gameId);
      this.matchOfGame.set(gameId, id);
      await this.manager.update.match({ id, status: Status.Running });
    }
  }

  /**
   * The result of match game `gameId`: `winner` won it. The library moves the bracket on, and the newly
   * ready matches' games start. GAME_NOT_IN_TOURNAMENT for a game that is not one of the bracket's;
   * INVALID_MESSAGE when `winner` did not play it. A result reported twice changes nothing.
   */
  report(gameId: string, winner: string): Promise<void> {
    return this.run(async () => {
      const matchId = this.matchOfGame.get(gameId);
      if (matchId === undefined) throw new BracketError("GAME_NOT_IN_TOURNAMENT", `game ${gameId} is not a match of this bracket`);
      const match = (await this.allMatches()).find((m) => Number(m.id) === matchId)!;
      const one = this.playerIn(match.opponent1);
      const two = this.playerIn(match.opponent2);
      if (one === null || two === null || (winner !== one && winner !== two)) throw new BracketError("INVALID_MESSAGE", `winner: ${winner} did not play game ${gameId}`);
      if (match.status >= Status.Completed) return;
      this.busy.delete(one);
      this.busy.delete(two);
      await this.manager.update.match({
        id: matchId,
        opponent1: { result: winner === one ? "win" : "loss" },
        opponent2: { result: winner === two ? "win" : "loss" },
      });
      await this.startReady();
    });
  }

  /** Every match, in the library's order. */
  async matches(): Promise<BracketMatch[]> {
    return (await this.allMatches()).map((m) => {
      const players: [string | null, string | null] = [this.playerIn(m.opponent1), this.playerIn(m.opponent2)];
      const winner = m.opponent1?.result === "win" ? players[0] : m.opponent2?.result === "win" ? players[1] : null;
      const gameId = this.gameOfMatch.get(Number(m.id)) || null;
      return { matchId: Number(m.id), groupId: Number(m.group_id), roundId: Number(m.round_id), number: m.number, status: STATUS[m.status] ?? "locked", players, winner, gameId };
    });
  }

  /** The library's data of the stage, for brackets-viewer (a deep copy). */
  async viewerData(): Promise<BracketViewerData> {
    const data = await this.manager.get.stageData(this.stageId);
    return structuredClone({ stages: data.stage, matches: data.match as Match[], matchGames: data.match_game, participants: data.participant });
  }

  /** Over when no match is left to play (every match completed, archived, or a bye). */
  async finished(): Promise<boolean> {
    return (await this.allMatches()).every((m) => m.status >= Status.Completed || m.opponent1 === null || m.opponent2 === null);
  }

  /**
   * The final standings, best first, from the library: elimination ranks (tied ranks for players out in
   * the same round), or round robin by wins (3 points a win).
   */
  async standings(): Promise<{ playerId: string; rank: number }[]> {
    const items =
      this.format === "round_robin"
        ? await this.manager.get.finalStandings(this.stageId, { rankingFormula: (item) => 3 * item.wins })
        : await this.manager.get.finalStandings(this.stageId);
    return items.map((s) => ({ playerId: this.playerOf.get(Number(s.id))!, rank: s.rank }));
  }
}
