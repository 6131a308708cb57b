import { randomInt } from "node:crypto";
import type { ErrorCode, TableOptions, TableView } from "@bang/protocol";
import { GameNotDealt } from "../games/deal-errors.js";
import type { RoomSeat } from "../games/types.js";
import type { SocketCounts } from "../limits/socket-counts.js";
import { SetIndex } from "../set-index.js";

/**
 * Where a table's game is started: the node's actor host, or in a cluster the placement that picks
 * the least loaded live node. `createGame` resolves with the new game's id; it throws when no node
 * takes it.
 */
export interface GameFactory {
  /** False while the node drains: no new table or game. */
  readonly accepts: boolean;
  createGame(args: { game: string; seats: RoomSeat[]; tableCode: string | null; turnSeconds: number; gameOptions?: Record<string, unknown> }): Promise<{ id: string }>;
}

/**
 * The lobby as a socket uses it: this node's TableRegistry, or in a cluster the lobby that sends a
 * request for a table kept by another node to that node. Refusals are TableErrors (thrown or rejected).
 */
export interface Lobby {
  create(player: { id: string; name: string }, options: TableOptions): TableView | Promise<TableView>;
  join(player: { id: string; name: string }, code: string): TableView | Promise<TableView>;
  leave(playerId: string, code: string): TableView | Promise<TableView>;
  setReady(playerId: string, code: string, ready: boolean): TableView | Promise<TableView>;
  fillBots(playerId: string, code: string): TableView | Promise<TableView>;
  start(playerId: string, code: string): Promise<TableView>;
  /** Tables where `playerId` sits (as far as this node knows). */
  tablesOf(playerId: string): TableView[];
  /** The table `code` as far as this node knows (its own, or a copy of another node's), or null. */
  peek(code: string): TableView | null;
  /** Called with the new view whenever a table changes (here or, in a cluster, on any node). */
  onChange(listener: (table: TableView) => void): () => void;
}

/** A refusal of a table request, with its stable code. */
export class TableError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "TableError";
  }
}

interface Seat {
  playerId: string | null;
  name: string | null;
  bot: "heuristic" | "random" | null;
  ready: boolean;
}

interface Table {
  code: string;
  hostId: string;
  options: TableOptions;
  seats: Seat[];
  status: "open" | "playing" | "finished";
  gameId: string | null;
}

/** Table codes: no 0/O, 1/I to misread. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/**
 * Characters of a table code: 8 of 32 is 2^40 codes, so that with a thousand open tables and the join
 * budget (TABLE_JOIN_RATE_LIMIT) guessing one is hopeless (6 characters were found in minutes).
 */
const CODE_LENGTH = 8;
/**
 * Most tables not started yet a player may sit at at once (hosting or joined): enough to wait at a
 * friend's table while setting up one's own, not enough for one guest to fill a node with tables.
 */
export const MAX_OPEN_TABLES = 3;

/**
 * Private tables of this node (the lobby): create, join by code, leave, ready, fill with bots, start.
 * A table starts a game on the host when it is full and every person is ready. Lobby tables live in
 * memory; their games are stored.
 */
export class TableRegistry implements Lobby {
  private readonly tables = new Map<string, Table>();
  /** Codes of the tables where each player sits (tablesOf runs at every hello: no scan of all tables). */
  private readonly seatedAt = new SetIndex<string, string>();
  private readonly listeners = new Set<(table: TableView) => void>();

  /**
   * `host` creates the games; `limits.runningGamesOf` counts the running games of each person given, in
   * that order (the store's, so that a cluster counts games on every node; one query per table start), `limits.starts` the table starts under way per person
   * (in memory, or in Redis on a cluster so that starts on two nodes see each other) and
   * `limits.maxRunningGames` is the most one person may play at once (GAMES_PER_PLAYER). Without
   * `limits`, no such limit.
   */
  constructor(
    private readonly host: GameFactory,
    private readonly limits?: { runningGamesOf(playerIds: readonly string[]): Promise<number[]>; starts: SocketCounts; maxRunningGames: number },
  ) {}

  /** Called with the new view whenever a table changes. */
  onChange(listener: (table: TableView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  view(code: string): TableView {
    const t = this.find(code);
    return {
      code: t.code,
      hostId: t.hostId,
      options: t.options,
      seats: t.seats.map((s, index) => ({ index, playerId: s.playerId, name: s.name, bot: s.bot, ready: s.ready, connected: s.playerId !== null })),
      status: t.status,
      gameId: t.gameId,
    };
  }

  /** Tables where `playerId` sits. */
  tablesOf(playerId: string): TableView[] {
    return this.seatedAt.of(playerId).filter((code) => this.tables.get(code)?.seats.some((s) => s.playerId === playerId)).map((code) => this.view(code));
  }

  /** Tables not started yet where `playerId` sits (hosting or not). */
  openTablesOf(playerId: string): number {
    return this.seatedAt.of(playerId).filter((code) => this.tables.get(code)?.status === "open").length;
  }

  /** Creates a table with its creator in seat 0, host of the table. SHUTTING_DOWN, TOO_MANY_TABLES. */
  create(player: { id: string; name: string }, options: TableOptions): TableView {
    if (!this.host.accepts) throw new TableError("SHUTTING_DOWN", "this node is shutting down; create the table elsewhere");
    this.checkOpenTables(player.id);
    let code = "";
    do code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
    while (this.tables.has(code));
    const seats: Seat[] = Array.from({ length: options.seats }, () => ({ playerId: null, name: null, bot: null, ready: false }));
    seats[0] = { playerId: player.id, name: player.name, bot: null, ready: false };
    this.tables.set(code, { code, hostId: player.id, options, seats, status: "open", gameId: null });
    this.seatedAt.add(player.id, code);
    return this.changed(code);
  }

  /** Takes the first free seat. TABLE_NOT_FOUND, ALREADY_STARTED, ALREADY_SEATED, TOO_MANY_TABLES, TABLE_FULL. */
  join(player: { id: string; name: string }, code: string): TableView {
    const t = this.find(code);
    if (t.seats.some((s) => s.playerId === player.id)) throw new TableError("ALREADY_SEATED", `you already sit at table ${code}`);
    if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started`);
    this.checkOpenTables(player.id);
    const free = t.seats.find((s) => s.playerId === null && s.bot === null);
    if (!free) throw new TableError("TABLE_FULL", `table ${code} is full`);
    Object.assign(free, { playerId: player.id, name: player.name, bot: null, ready: false });
    this.seatedAt.add(player.id, code);
    return this.changed(code);
  }

  /** TOO_MANY_TABLES when `playerId` already sits at MAX_OPEN_TABLES tables not started. */
  private checkOpenTables(playerId: string): void {
    if (this.openTablesOf(playerId) >= MAX_OPEN_TABLES) {
      throw new TableError("TOO_MANY_TABLES", `you already sit at ${MAX_OPEN_TABLES} tables that have not started: leave one first`);
    }
  }

  /**
   * Counts this start as under way for each of `people` (limits.starts) before their running games are
   * read, so that of two starts racing, on one node or two, the later sees the earlier. Resolves with
   * each person's starts under way, this one included (1 when the count cannot be read: Redis down;
   * the store's count still holds), and the people counted (to give back once the game is stored).
   */
  private async countStarts(people: string[]): Promise<{ under: number[]; counted: string[] }> {
    const counted: string[] = [];
    if (!this.limits) return { under: people.map(() => 1), counted };
    const { starts } = this.limits;
    const under = await Promise.all(
      people.map((id) =>
        starts.add(id).then(
          (n) => {
            counted.push(id);
            return n;
          },
          () => 1,
        ),
      ),
    );
    return { under, counted };
  }

  /**
   * TOO_MANY_GAMES when a person at table `t` already plays `maxRunningGames` games, counting their
   * other starts under way (`under`, per person of the table in seat order, this start included): each
   * running game costs the node its timers and bots, so one player cannot start games without end
   * (issue 18).
   */
  private async checkRunningGames(t: Table, starter: string, under: number[]): Promise<void> {
    if (!this.limits) return;
    const { runningGamesOf, maxRunningGames } = this.limits;
    const people = t.seats.filter((s) => s.playerId !== null);
    const counts = people.length === 0 ? [] : await runningGamesOf(people.map((s) => s.playerId!));
    const busy = people.find((_, i) => counts[i]! + under[i]! - 1 >= maxRunningGames);
    if (!busy) return;
    const who = busy.playerId === starter ? "you already play" : `${busy.name} already plays`;
    throw new TableError("TOO_MANY_GAMES", `${who} ${maxRunningGames} games at once: finish one before starting another`);
  }

  /** Leaves a table before its game starts; the host leaving hands it to the next person, the last one closes it. */
  leave(playerId: string, code: string): TableView {
    const t = this.find(code);
    const seat = t.seats.find((s) => s.playerId === playerId);
    if (!seat) throw new TableError("NOT_SEATED", `you do not sit at table ${code}`);
    if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started: its game goes on, played by a bot while you are away`);
    Object.assign(seat, { playerId: null, name: null, bot: null, ready: false });
    this.seatedAt.delete(playerId, code);
    if (playerId === t.hostId) {
      const next = t.seats.find((s) => s.playerId !== null);
      if (next) t.hostId = next.playerId!;
      else {
        // Nobody left: the table is closed. Said as a last change (status finished), so that a cluster
        // lobby stops advertising its code and the other nodes drop their copy of it.
        const last: TableView = { ...this.view(code), status: "finished" };
        this.tables.delete(code);
        for (const l of this.listeners) l(last);
        return last;
      }
    }
    return this.changed(code);
  }

  setReady(playerId: string, code: string, ready: boolean): TableView {
    const t = this.find(code);
    const seat = t.seats.find((s) => s.playerId === playerId);
    if (!seat) throw new TableError("NOT_SEATED", `you do not sit at table ${code}`);
    if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started`);
    seat.ready = ready;
    return this.changed(code);
  }

  /** The host fills every empty seat with a bot of the table's kind. */
  fillBots(playerId: string, code: string): TableView {
    const t = this.find(code);
    if (t.hostId !== playerId) throw new TableError("NOT_HOST", "only the table's host fills seats with bots");
    if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started`);
    if (!t.options.botsAllowed) throw new TableError("BOTS_NOT_ALLOWED", `table ${code} was created without bots: its empty seats wait for people`);
    let n = 0;
    for (const s of t.seats) {
      if (s.playerId === null && s.bot === null) Object.assign(s, { bot: t.options.botKind, name: `bot ${++n}`, ready: true });
    }
    return this.changed(code);
  }

  /**
   * The host starts the game: every seat taken, every person ready. NOT_HOST, ALREADY_STARTED,
   * NOT_READY, TOO_MANY_GAMES, SHUTTING_DOWN; INVALID_SETUP when the game's module cannot deal the table
   * (then no game is stored and the table stays open).
   */
  async start(playerId: string, code: string): Promise<TableView> {
    const t = this.find(code);
    if (!this.host.accepts) throw new TableError("SHUTTING_DOWN", "this node is shutting down; start the game again once reconnected");
    if (t.hostId !== playerId) throw new TableError("NOT_HOST", "only the table's host starts the game");
    if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started`);
    checkSeatsReady(t, code);
    // Counted as starting from here until its game exists in the store, so that starts racing each
    // other see one another (GAMES_PER_PLAYER).
    const people = peopleOf(t);
    const { under, counted } = await this.countStarts(people);
    try {
      await this.checkRunningGames(t, playerId, under);
      if (t.status !== "open") throw new TableError("ALREADY_STARTED", `table ${code} has started`);
      // The table stayed open during the awaits: someone may have left, joined or said not ready.
      checkSeatsReady(t, code);
      const now = peopleOf(t);
      if (now.length !== people.length || now.some((id, i) => id !== people[i])) {
        throw new TableError("NOT_READY", `the seats of table ${code} changed while its game was starting: start it again`);
      }
      t.status = "playing";
      const seats: RoomSeat[] = t.seats.map((s, index) => ({
        index,
        playerId: s.playerId ?? `bot-${code}-${index}`,
        name: s.name ?? `bot ${index}`,
        bot: s.playerId ? null : s.bot,
      }));
      try {
        const room = await this.host.createGame({ game: t.options.game, seats, tableCode: code, turnSeconds: t.options.turnSeconds, gameOptions: t.options.gameOptions });
        t.gameId = room.id;
      } catch (error) {
        // Nothing of the game was stored (GameHost deals before storing): the table stays open as it was.
        t.status = "open";
        if (error instanceof GameNotDealt) throw new TableError(error.code, error.message);
        throw error;
      }
    } finally {
      for (const id of counted) this.limits!.starts.remove(id);
    }
    return this.changed(code);
  }

  /** The table `code`, or null when this node has none of that code. */
  peek(code: string): TableView | null {
    return this.tables.has(code) ? this.view(code) : null;
  }

  /** Is `code` a table of this node? */
  has(code: string): boolean {
    return this.tables.has(code);
  }

  /** Marks the table of a finished game, then forgets it once its players had time to see it. */
  finished(code: string): void {
    const t = this.tables.get(code);
    if (!t) return;
    t.status = "finished";
    this.changed(code);
    setTimeout(() => {
      for (const s of t.seats) if (s.playerId) this.seatedAt.delete(s.playerId, code);
      this.tables.delete(code);
    }, 60_000).unref();
  }

  private find(code: string): Table {
    const t = this.tables.get(code);
    if (!t) throw new TableError("TABLE_NOT_FOUND", `no table with code ${code}`);
    return t;
  }

  private changed(code: string): TableView {
    const view = this.view(code);
    for (const l of this.listeners) l(view);
    return view;
  }
}

/**
 * Refuses NOT_READY a table whose game cannot start now: a seat with neither a person nor a bot, or a
 * person other than the host who has not said ready.
 */
function checkSeatsReady(t: Table, code: string): void {
  if (t.seats.some((s) => s.playerId === null && s.bot === null)) throw new TableError("NOT_READY", `table ${code} has empty seats: wait for players or fill them with bots`);
  const unready = t.seats.filter((s) => s.playerId !== null && !s.ready && s.playerId !== t.hostId);
  if (unready.length > 0) throw new TableError("NOT_READY", `waiting for ${unready.map((s) => s.name).join(", ")} to be ready`);
}

/** The persons seated at `t`, seat by seat (bot and empty seats left out). */
function peopleOf(t: Table): string[] {
  return t.seats.flatMap((s) => (s.playerId === null ? [] : [s.playerId]));
}
