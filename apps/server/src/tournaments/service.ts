import type { Audited, NoShowPolicy, TournamentFormat, TournamentRecord, TournamentRepository } from "@bang/db";
import type { AnyGameModule, GameResult, SeatRange } from "@bang/game-core";
import { findGame, gameIds } from "@bang/games";
import type { ErrorCode } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { RoomSeat } from "../games/types.js";
import { Bracket, BRACKET_FORMATS, BracketError, isBracketFormat, singleWinner, type BracketFormat, type BracketMatch, type BracketSnapshot, type BracketViewerData, type MatchStarter } from "./bracket.js";
import { seatTables, standings, tableResult, type Standing } from "./table-format.js";

/** A refused tournament request: its code and HTTP status (nothing changed). */
export class TournamentError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "TournamentError";
  }
}

/** The seats of a game's tables in public play (its module's `rankedSeats`, else its `seats`). */
export function rankedSeats(module: Pick<AnyGameModule, "seats" | "rankedSeats">): SeatRange {
  return module.rankedSeats ?? module.seats;
}

/** Does `module`'s game play head-to-head (its ranked tables have exactly 2 seats)? Then its tournaments are brackets. */
export function headToHead(module: Pick<AnyGameModule, "seats" | "rankedSeats">): boolean {
  const seats = rankedSeats(module);
  return seats.min === 2 && seats.max === 2;
}

/**
 * What an organiser gives to create a tournament of game `game` (a registered module's id). A game of
 * exactly 2 seats plays a head-to-head format (single or double elimination, round robin) and its
 * tableSize is 2 (given or not); any other game plays the `table` format, tableSize within the game's
 * ranked seats (required).
 */
export interface TournamentInput {
  name: string;
  game: string;
  tableSize?: number;
  format: TournamentFormat;
  rounds: number;
  rated: boolean;
  noShow: NoShowPolicy;
  /** ISO 8601. */
  startsAt: string;
}

/** What the tournaments need from the node. */
export interface TournamentDeps {
  repo: TournamentRepository;
  /** Starts one table's (or bracket match's) game of `game` (the host's createGame; the seam for cluster placement). */
  startGame(seats: RoomSeat[], game: string): Promise<{ gameId: string }>;
  /** Marks a game rated in `game`'s ratings (rated tournaments). */
  markRated(gameId: string, game: string): Promise<void>;
  /** Rating ordinals of players in `game`, for seeding by rating. */
  ordinals(playerIds: readonly string[], game: string): Promise<Map<string, number>>;
  /**
   * How a finished stored game ended: its log replayed with its module, and the module's `result` of
   * the last state (null: unknown, still running, or no module of its game here).
   */
  finishedResult(gameId: string): Promise<GameResult | null>;
  log?: FastifyBaseLogger;
}

/**
 * Tournaments of any game module: an organiser creates one, opens registration, seeds and starts it;
 * players register and check in. A game of 2 seats plays a head-to-head bracket (bracket.ts: each
 * match one game); any other game the table format: each round's tables are started as games
 * automatically, each finished game's result comes back (the host's finished-game hook, or an
 * organiser's report) with the module's points (`result.scores`), and the standings follow. After
 * `rounds` rounds the top `tableSize` players meet at a final table. Every
 * organiser change is written with its audit line (who, when, what) in the same transaction.
 * Changes of one tournament run one at a time on a node (a per-tournament queue); across the nodes of a
 * cluster, a result is recorded once (a conditional write) and a round starts once (a compare-and-set
 * on the current round), whichever nodes record results or catch up at the same time.
 */
export class TournamentService {
  private readonly serials = new Map<string, Promise<unknown>>();
  /** The brackets of running bracket tournaments, loaded from the database on first use. */
  private readonly brackets = new Map<string, Bracket>();
  /** Game starts not yet recorded as tournament games: a result waits for them (a game can end fast). */
  private readonly starting = new Set<Promise<unknown>>();

  constructor(private readonly deps: TournamentDeps) {}

  private serial<T>(id: string, task: () => Promise<T>): Promise<T> {
    const run = (this.serials.get(id) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.serials.set(id, tail);
    void tail.then(() => {
      if (this.serials.get(id) === tail) this.serials.delete(id);
    });
    return run;
  }

  private async find(id: string): Promise<TournamentRecord> {
    const t = await this.deps.repo.get(id);
    if (!t) throw new TournamentError("TOURNAMENT_NOT_FOUND", 404, `no tournament ${id}`);
    return t;
  }

  private static expect(t: TournamentRecord, status: TournamentRecord["status"], doing: string): void {
    if (t.status !== status) throw new TournamentError("WRONG_TOURNAMENT_STATUS", 409, `cannot ${doing}: tournament ${t.id} is ${t.status}, not ${status}`);
  }

  /** The module of tournament `t`'s game. UNKNOWN_GAME when this node has none (it cannot seat its tables). */
  private static moduleOf(t: TournamentRecord): AnyGameModule {
    const module = findGame(t.game);
    if (!module) throw new TournamentError("UNKNOWN_GAME", 409, `tournament ${t.id} plays game "${t.game}", which no module on this node has`);
    return module;
  }

  /** Tracks a game's start until it is recorded as a tournament game (see `starting`). */
  private track<T>(start: Promise<T>): Promise<T> {
    this.starting.add(start);
    void start.finally(() => this.starting.delete(start)).catch(() => undefined);
    return start;
  }

  async create(actor: string, input: TournamentInput): Promise<TournamentRecord> {
    const startsAt = new Date(input.startsAt);
    if (Number.isNaN(startsAt.getTime())) throw new TournamentError("INVALID_MESSAGE", 400, "startsAt: not a date (ISO 8601)");
    const year = startsAt.getUTCFullYear();
    if (year < 1970 || year > 9999) throw new TournamentError("INVALID_MESSAGE", 400, "startsAt: a date between the years 1970 and 9999");
    const module = findGame(input.game);
    if (!module) throw new TournamentError("UNKNOWN_GAME", 400, `game: unknown game ${JSON.stringify(input.game)} (one of ${gameIds().join(", ")})`);
    let tableSize: number;
    if (headToHead(module)) {
      if (!isBracketFormat(input.format)) throw new TournamentError("INVALID_MESSAGE", 400, `format: a tournament of game "${module.id}" (2 seats) is ${BRACKET_FORMATS.join(", ")}, not ${input.format}`);
      if (input.tableSize !== undefined && input.tableSize !== 2) throw new TournamentError("INVALID_MESSAGE", 400, `tableSize: a game of "${module.id}" has 2 seats`);
      tableSize = 2;
    } else {
      const seats = rankedSeats(module);
      if (input.format !== "table") throw new TournamentError("INVALID_MESSAGE", 400, `format: ${input.format} is for games of 2 seats; game "${module.id}" plays the table format`);
      if (input.tableSize === undefined || input.tableSize < seats.min || input.tableSize > seats.max) {
        throw new TournamentError("INVALID_MESSAGE", 400, `tableSize: a table of game "${module.id}" has ${seats.min} to ${seats.max} seats`);
      }
      tableSize = input.tableSize;
    }
    return this.deps.repo.create({ ...input, tableSize, startsAt, createdBy: actor }, { actor, action: "create", detail: { ...input, tableSize } });
  }

  get(id: string): Promise<TournamentRecord> {
    return this.find(id);
  }

  list(limit = 50) {
    return this.deps.repo.list(limit);
  }

  auditLog(id: string) {
    return this.find(id).then(() => this.deps.repo.auditLog(id));
  }

  /** Opens registration (created -> registration). */
  open(actor: string, id: string): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      TournamentService.expect(t, "created", "open registration");
      await this.deps.repo.transition(id, "created", { status: "registration" }, { actor, action: "open", detail: {} });
      return this.find(id);
    });
  }

  /** Registers a player. ALREADY_REGISTERED the second time; only while registration is open. */
  register(player: { id: string; name: string }, id: string): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      TournamentService.expect(t, "registration", "register");
      if (!(await this.deps.repo.register(id, player))) throw new TournamentError("ALREADY_REGISTERED", 409, `you are registered for tournament ${id} already`);
      return this.find(id);
    });
  }

  /** Checks a registered player in (the player, or an organiser for them: then audited). */
  checkIn(playerId: string, id: string, organiser: string | null): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      TournamentService.expect(t, "registration", "check in");
      const audit: Audited | null = organiser ? { actor: organiser, action: "checkIn", detail: { playerId } } : null;
      if (!(await this.deps.repo.updatePlayer(id, playerId, { checkedIn: true }, audit))) throw new TournamentError("NOT_REGISTERED", 409, `player ${playerId} is not registered for tournament ${id}`);
      return this.find(id);
    });
  }

  /** Seeds by rating (best first, ties by registration) or by hand (`order`: every registered player once). */
  seed(actor: string, id: string, by: "rating" | "hand", order?: readonly string[]): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      TournamentService.expect(t, "registration", "seed");
      await this.applySeed(actor, t, by, order);
      return this.find(id);
    });
  }

  private async applySeed(actor: string, t: TournamentRecord, by: "rating" | "hand", order?: readonly string[]): Promise<void> {
    const ids = t.players.map((p) => p.playerId);
    let seeded: string[];
    if (by === "hand") {
      const given = order ?? [];
      const known = new Set(ids);
      if (given.length !== ids.length || new Set(given).size !== given.length || !given.every((g) => known.has(g))) {
        throw new TournamentError("INVALID_MESSAGE", 400, `order: must list each of the ${ids.length} registered players exactly once`);
      }
      seeded = [...given];
    } else {
      const ratings = await this.deps.ordinals(ids, t.game);
      seeded = ids.map((id, i) => ({ id, i, r: ratings.get(id) ?? 0 })).sort((a, b) => b.r - a.r || a.i - b.i).map((x) => x.id);
    }
    await this.deps.repo.seed(t.id, seeded, { actor, action: "seed", detail: { by, order: seeded } });
  }

  /**
   * Starts the tournament: applies the no-show policy to players not checked in (forfeit: out; bot: they
   * keep their seat and the bot plays for them while they are away), seeds by rating if nobody seeded,
   * and starts round 1. TOO_FEW_PLAYERS below one full table.
   */
  start(actor: string, id: string): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      let t = await this.find(id);
      TournamentService.expect(t, "registration", "start");
      const active = t.players.filter((p) => p.checkedIn || t.noShow === "bot");
      if (active.length < t.tableSize) {
        throw new TournamentError("TOO_FEW_PLAYERS", 409, `tournament ${id} has ${active.length} player(s) ${t.noShow === "forfeit" ? "checked in" : "registered"}; it needs at least ${t.tableSize} (one full table)`);
      }
      if (t.players.some((p) => p.seed === null)) await this.applySeed(actor, t, "rating");
      if (!(await this.deps.repo.transition(id, "registration", { status: "running", currentRound: 0 }, { actor, action: "start", detail: { players: active.length } }))) {
        throw new TournamentError("WRONG_TOURNAMENT_STATUS", 409, `tournament ${id} changed while starting`);
      }
      for (const p of t.players) if (!active.includes(p)) await this.deps.repo.updatePlayer(id, p.playerId, { status: "forfeited" }, { actor: "server", action: "forfeit", detail: { playerId: p.playerId, reason: "not checked in" } });
      t = await this.find(id);
      if (isBracketFormat(t.format)) await this.startBracket(t);
      else await this.startRound(t, 1);
      return this.find(id);
    });
  }

  /**
   * An organiser reports the result of one of the tournament's games (read from the stored game).
   * GAME_NOT_IN_TOURNAMENT for any other game, GAME_NOT_FINISHED while it runs. A result already
   * recorded stays as it is.
   */
  report(actor: string, id: string, gameId: string): Promise<TournamentRecord> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      const table = t.games.find((g) => g.gameId === gameId);
      if (!table) throw new TournamentError("GAME_NOT_IN_TOURNAMENT", 409, `game ${gameId} is not a table of tournament ${id}`);
      const result = await this.deps.finishedResult(gameId);
      if (!result) throw new TournamentError("GAME_NOT_FINISHED", 409, `game ${gameId} has no result yet`);
      if (isBracketFormat(t.format) && singleWinner(result) === null) throw new TournamentError("GAME_NOT_FINISHED", 409, `game ${gameId} ended without a single winner: a bracket match needs one`);
      await this.deps.repo.audit(id, { actor, action: "report", detail: { gameId } });
      await this.recordResult(t, gameId, result);
      return this.find(id);
    });
  }

  /**
   * The host's finished-game hook, for every finished game: a tournament game's result (its module's
   * `result`) flows back and the tournament goes on: a bracket match's winner (the single player placed
   * first) moves the bracket on, a table's points count in the standings. Other games: nothing.
   */
  async gameFinished(gameId: string, result: GameResult): Promise<void> {
    // A game can end before its start is recorded as the tournament's (a fast game): wait for the starts.
    await Promise.allSettled([...this.starting]);
    const g = await this.deps.repo.gameOf(gameId);
    if (!g) return;
    await this.serial(g.tournamentId, async () => this.recordResult(await this.find(g.tournamentId), gameId, result));
  }

  /**
   * The bracket of a bracket tournament: every match with its players, game and winner (the library's
   * order), and the library's data for brackets-viewer. NO_BRACKET for a table-format tournament or
   * before the start.
   */
  bracket(id: string): Promise<{ format: BracketFormat; matches: BracketMatch[]; viewer: BracketViewerData }> {
    return this.serial(id, async () => {
      const t = await this.find(id);
      const brackets = isBracketFormat(t.format);
      const bracket = brackets ? await this.bracketOf(t) : null;
      if (!bracket) throw new TournamentError("NO_BRACKET", 409, `tournament ${id} has no bracket${brackets ? " yet (it starts with the tournament)" : " (table format)"}`);
      return { format: bracket.format, matches: await bracket.matches(), viewer: await bracket.viewerData() };
    });
  }

  /** Seeded active players into a new bracket; its ready matches start as games; stored. */
  private async startBracket(t: TournamentRecord): Promise<void> {
    const active = t.players.filter((p) => p.status !== "forfeited").sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity));
    const bracket = await Bracket.create(t.format as BracketFormat, active.map((p) => p.playerId), this.matchStarter(t));
    this.brackets.set(t.id, bracket);
    await this.deps.repo.saveBracket(t.id, bracket.format, await bracket.snapshot());
    await this.deps.repo.transition(t.id, "running", { currentRound: 1 }, null);
    this.deps.log?.info({ tournamentId: t.id, game: t.game, format: t.format, players: active.length }, "bracket started");
  }

  /** Starts a bracket match as a 2-seat game of the tournament's game and records it as one of the tournament's games. */
  private matchStarter(t: TournamentRecord): MatchStarter {
    const names = new Map(t.players.map((p) => [p.playerId, p.name]));
    return ({ matchId, players }) =>
      this.track(
        (async () => {
          const seats: RoomSeat[] = players.map((id, index) => ({ index, playerId: id, name: names.get(id) ?? id, bot: null }));
          const { gameId } = await this.deps.startGame(seats, t.game);
          // The match id (from 0) is the table number: unique in the tournament.
          await this.deps.repo.addGames(t.id, [{ round: 1, tableNo: matchId + 1, gameId, seats: [...players] }]);
          if (t.rated) await this.deps.markRated(gameId, t.game);
          return { gameId };
        })(),
      );
  }

  /**
   * The bracket of bracket tournament `t` (null before its start): from memory, or restored from the
   * database after a restart, then caught up with every result recorded but not yet in it.
   */
  private async bracketOf(t: TournamentRecord): Promise<Bracket | null> {
    const known = this.brackets.get(t.id);
    if (known) return known;
    const stored = await this.deps.repo.getBracket(t.id);
    if (!stored) return null;
    const bracket = await Bracket.restore(stored.format as BracketFormat, stored.data as BracketSnapshot, this.matchStarter(t));
    this.brackets.set(t.id, bracket);
    for (const g of t.games) if (g.result && bracket.has(g.gameId)) await bracket.report(g.gameId, g.result.winners[0]!);
    await this.deps.repo.saveBracket(t.id, bracket.format, await bracket.snapshot());
    return bracket;
  }

  /**
   * Records a finished game's result in tournament `t` (once) and moves the tournament on: a bracket
   * match (recordMatch) or a table (recordTable). Resolves false when it was recorded already or does
   * not count (not one of `t`'s games, or a match without a single winner).
   */
  private recordResult(t: TournamentRecord, gameId: string, result: GameResult): Promise<boolean> {
    return isBracketFormat(t.format) ? this.recordMatch(t, gameId, result) : this.recordTable(t, gameId, result);
  }

  /** Records a match's result once, moves the bracket on (new matches start), stores it; the end when over. */
  private async recordMatch(t: TournamentRecord, gameId: string, result: GameResult): Promise<boolean> {
    const game = t.games.find((g) => g.gameId === gameId);
    const winner = singleWinner(result);
    if (!game || winner === null || !game.seats.includes(winner)) {
      if (game) this.deps.log?.error({ tournamentId: t.id, gameId }, "a bracket match ended without a single winner among its players: the bracket waits");
      return false;
    }
    const first = await this.deps.repo.recordResult(gameId, { ...tableResult(result, game.seats), winners: [winner] });
    const bracket = await this.bracketOf(t);
    if (!bracket) return first;
    try {
      await bracket.report(gameId, winner);
    } catch (error) {
      if (error instanceof BracketError) throw new TournamentError(error.code, 409, error.message);
      throw error;
    }
    await this.deps.repo.saveBracket(t.id, bracket.format, await bracket.snapshot());
    if (first && t.status === "running" && (await bracket.finished())) {
      const top = (await bracket.standings())[0]?.playerId ?? null;
      await this.deps.repo.transition(t.id, "running", { status: "finished" }, { actor: "server", action: "finish", detail: { winner: top } });
    }
    return first;
  }

  /**
   * Catches up after a restart: for every running tournament, the result of each of its games that
   * finished while no hook could record it (the node was down, or the game was restored already over)
   * is read from the store and recorded, which moves the tournament on. Resolves how many were recorded.
   */
  async reconcile(): Promise<number> {
    let recorded = 0;
    for (const bare of await this.deps.repo.list(1_000)) {
      if (bare.status !== "running") continue;
      await this.serial(bare.id, async () => {
        const t = await this.find(bare.id);
        const brackets = isBracketFormat(t.format);
        if (brackets) await this.bracketOf(t);
        for (const g of t.games.filter((x) => x.result === null)) {
          const result = await this.deps.finishedResult(g.gameId);
          if (!result) continue;
          if (await this.recordResult(await this.find(t.id), g.gameId, result)) recorded++;
        }
        if (!brackets) await this.advance(t.id, true);
      });
    }
    return recorded;
  }

  /**
   * The standings now. Bracket tournaments: once the bracket is over, the library's final ranks
   * (players out in the same round share a place); before that, by matches won, then the better seed.
   */
  async standings(id: string): Promise<Standing[]> {
    const t = await this.find(id);
    if (!isBracketFormat(t.format)) return standingsOf(t);
    const live = standingsOf(t);
    const bracket = t.status === "finished" ? await this.serial(id, () => this.bracketOf(t)) : null;
    if (!bracket || !(await bracket.finished())) return live;
    // The library ranks densely (1, 2, 3, 3, 4, ...); a place counts the players ranked better (1, 2, 3, 3, 5, ...).
    const final = await bracket.standings();
    const place = new Map(final.map((s) => [s.playerId, 1 + final.filter((o) => o.rank < s.rank).length]));
    return live.map((s) => ({ ...s, place: place.get(s.playerId) ?? live.length })).sort((a, b) => a.place - b.place || (a.seed ?? Infinity) - (b.seed ?? Infinity));
  }

  /**
   * Records a table's result (the module's points of its seats) and moves the tournament on; resolves
   * false when it was recorded already.
   */
  private async recordTable(t: TournamentRecord, gameId: string, result: GameResult): Promise<boolean> {
    const game = t.games.find((g) => g.gameId === gameId);
    if (!game) return false;
    // Recorded once: of two nodes recording the same game (its owner's hook, another's catch-up), one writes.
    if (!(await this.deps.repo.recordResult(gameId, tableResult(result, game.seats)))) return false;
    await this.advance(t.id);
    return true;
  }

  /**
   * Once every table of the current round is dealt and has its result: the next round, the final
   * table, or the end. Safe when several nodes run it at once (each node runs a tournament service over
   * the same database): moving to the next round is a compare-and-set on the current round, and the
   * end a compare-and-set on the status, so exactly one of them starts the next round. `dealMissing`
   * (catch-up after a restart): a round whose dealing stopped half-way (its node died) is dealt to the end.
   */
  private async advance(id: string, dealMissing = false): Promise<void> {
    const t = await this.find(id);
    if (t.status !== "running") return;
    const round = t.games.filter((g) => g.round === t.currentRound);
    const expected = t.currentRound === 0 ? 0 : this.seating(t, t.currentRound).length;
    if (round.length < expected) {
      if (dealMissing) await this.deal(t, t.currentRound);
      return;
    }
    if (round.some((g) => g.result === null)) return;
    if (t.currentRound <= t.rounds) await this.startRound(t, t.currentRound + 1);
    else await this.deps.repo.transition(t.id, "running", { status: "finished" }, { actor: "server", action: "finish", detail: { winner: standingsOf(t)[0]?.playerId ?? null } }, t.currentRound);
  }

  /**
   * Moves the tournament to round `round` (rounds + 1: the final table of the top tableSize) and starts
   * its games. Does nothing when the tournament is no longer at round `round - 1` (another node moved it on).
   */
  private async startRound(t: TournamentRecord, round: number): Promise<void> {
    if (!(await this.deps.repo.transition(t.id, "running", { currentRound: round }, null, round - 1))) return;
    await this.deal(await this.find(t.id), round);
  }

  /** The tables of round `round`: player ids by table, null for a bot seat. */
  private seating(t: TournamentRecord, round: number): (string | null)[][] {
    const active = t.players.filter((p) => p.status !== "forfeited");
    // Ranked by the rounds before this one only (a re-deal after a restart must seat as the first deal did).
    const before = { ...t, games: t.games.filter((g) => g.round < round) };
    const ranked = round === 1 ? active.map((p) => p.playerId) : standingsOf(before).filter((s) => active.some((p) => p.playerId === s.playerId)).map((s) => s.playerId);
    // Tables below the game's smallest ranked table get bot seats up to it.
    const minTable = rankedSeats(TournamentService.moduleOf(t)).min;
    return seatTables(round === t.rounds + 1 ? ranked.slice(0, t.tableSize) : ranked, t.tableSize, minTable);
  }

  /** Starts the games of round `round`'s tables not dealt yet (each stored as soon as its game exists). */
  private async deal(t: TournamentRecord, round: number): Promise<void> {
    const tables = this.seating(t, round);
    const names = new Map(t.players.map((p) => [p.playerId, p.name]));
    const games = [];
    // Tables of this round already dealt (a restart in the middle of dealing): the seating is the same.
    const dealt = new Set(t.games.filter((g) => g.round === round).map((g) => g.tableNo));
    for (const [i, table] of tables.entries()) {
      if (dealt.has(i + 1)) continue;
      const seats: RoomSeat[] = table.map((id, index) =>
        id ? { index, playerId: id, name: names.get(id) ?? id, bot: null } : { index, playerId: `bot-t${t.id.slice(0, 8)}-${round}-${i}-${index}`, name: `bot ${index}`, bot: "heuristic" },
      );
      const game = await this.track(
        (async () => {
          const { gameId } = await this.deps.startGame(seats, t.game);
          // Stored at once: its result may come back while the next table is being dealt.
          const dealt = { round, tableNo: i + 1, gameId, seats: seats.map((s) => s.playerId) };
          await this.deps.repo.addGames(t.id, [dealt]);
          return dealt;
        })(),
      );
      if (t.rated) await this.deps.markRated(game.gameId, t.game);
      games.push(game);
    }
    this.deps.log?.info({ tournamentId: t.id, round, tables: games.length }, round === t.rounds + 1 ? "final table started" : "tournament round started");
  }
}

/** The standings of a tournament from its recorded tables. */
export function standingsOf(t: TournamentRecord): Standing[] {
  const tables = t.games.filter((g) => g.result !== null).map((g) => ({ round: g.round, points: g.result!.points, winners: g.result!.winners }));
  return standings(t.players.filter((p) => p.status !== "forfeited"), tables, t.rounds + 1);
}
