import { normalizeIP } from "@fastify/rate-limit";
import type { Viewer } from "@bang/game-core";
import { findGame, gameIds } from "@bang/games";
import { LIMITS, checkTableOptions, frameRefOf, parseClientMessage, parseGameCommand, type ClientFeature, type ClientMessage, type ErrorCode, type GameCommand, type ServerMessage, type TableView, type WireServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { Frame } from "../games/frames.js";
import type { Answer, GameDirectory, GameHandle, Subscriber } from "../games/types.js";
import { FoldedAcks } from "./folded-acks.js";
import { HISTORY_BURST, HISTORY_REFILL_MS, historyBudget, historyOf } from "./history.js";
import type { SocketCounts } from "../limits/socket-counts.js";
import { TickCork, type Corkable } from "./tick-cork.js";
import { TokenBucket } from "../limits/token-bucket.js";
import type { Identity, VerifiedPlayer } from "../identity/tokens.js";
import { MatchmakingError, type Matchmaker } from "../matchmaking/matchmaker.js";
import { TableError, type Lobby } from "../tables/registry.js";

/** Message rate a socket may sustain (per second), and the burst it may send at once. */
const RATE_PER_SECOND = 40;
const BURST = 80;
/** Bytes a socket may sustain (per second) and send at once: honest frames are well under 1 KiB. */
const BYTES_PER_SECOND = 64 * 1024;
const BYTES_BURST = 256 * 1024;
/**
 * Frames refused for rate a socket may run up before it is closed as a flood (1008): 200 at once,
 * forgiven at 2 a second. Counted over time, not in a row, so that a flood that slips a frame through
 * now and then is cut all the same.
 */
const ABUSE_BURST = 200;
const ABUSE_FORGIVEN_PER_SECOND = 2;
/**
 * Games one socket follows at most without a seat in them (spectate, resume): each costs the node a
 * subscription and keeps the game in memory (about 60 KB), so a socket cannot pin many finished games.
 */
export const MAX_WATCHED_GAMES = 64;
/** Close code of a socket that sent no valid hello in time (4001 is a bad token; 4008 as 1008/408). */
export const HELLO_TIMEOUT_CLOSE = 4008;
/** Close code of a socket over its address's or player's socket budget (as HTTP 429). */
export const TOO_MANY_SOCKETS_CLOSE = 4029;
/** How long a closed socket's peer has to answer the close frame before the connection is cut, ms. */
const CLOSE_GRACE_MS = 1_000;
/** The wait a socket refused for the socket budget is told (retryAfterMs): a tab closed meanwhile frees one. */
const SOCKET_RETRY_MS = 10_000;

/** The socket budgets of a node (SOCKETS_PER_ADDRESS, SOCKETS_PER_PLAYER) and where sockets are counted. */
export interface SocketBudget {
  counts: SocketCounts;
  perAddress: number;
  perPlayer: number;
}

/** What a connection needs from its node. */
export interface ConnectionContext {
  /** The games (the actor host, or the cluster's directory). */
  games: GameDirectory;
  /** The lobby (this node's tables, or the cluster's). */
  tables: Lobby;
  /** The public queues (issue 5). */
  matchmaker: Matchmaker;
  identity: Identity;
  log: FastifyBaseLogger;
  /** Counts sockets (metrics). */
  sockets: { inc(): void; dec(): void };
  /** The client's address (X-Forwarded-For behind a trusted proxy), for the budgets per address. */
  address: string;
  /** Spends a table join by code of `playerId` from `address`: 0 within budget, else ms before one is allowed. */
  tableJoinBudget(playerId: string, address: string): Promise<number>;
  /**
   * Spends the opening of a game this node does not hold (spectate, resume, history: a load from the
   * store and a replay) by `playerId` from `address`: 0 within budget, else ms to wait. None: no budget.
   */
  coldOpenBudget?(playerId: string, address: string): Promise<number>;
  /** Called once, when the socket's first hello verified its player (the node indexes it). */
  identified?(connection: Connection): void;
  /** Sockets per address (an IPv6 client by its /64) and per player; none: no budget. */
  socketBudget?: SocketBudget;
}

type Reply = (message: ServerMessage) => void;

/**
 * One player's WebSocket (a Colyseus client): checks each frame with the protocol's schemas, the
 * token, the rate and the seat, then hands requests to the tables and commands to the game's room. No
 * rule is decided here. Errors answer with a stable code; the socket stays open unless the input was
 * abusive (an oversized frame, a flood), the token is bad (close 4001: the client must not retry with
 * it), no valid hello came in time (4008, see expireHello) or a ping went unanswered (see heartbeat).
 */
export class Connection {
  private player: VerifiedPlayer | null = null;
  private readonly games = new Map<string, { room: GameHandle; unsubscribe: () => void; seated: boolean; shown: boolean }>();
  private readonly frames = new TokenBucket(BURST, RATE_PER_SECOND);
  private readonly bytes = new TokenBucket(BYTES_BURST, BYTES_PER_SECOND);
  private readonly refusals = new TokenBucket(ABUSE_BURST, ABUSE_FORGIVEN_PER_SECOND);
  private closed = false;
  private readonly historyBudget = historyBudget();
  /** Did the peer answer the last WebSocket ping (or was none sent yet)? */
  private answeredPing = true;
  /** Keys of the socket budget this socket is counted under, given back on close. */
  private readonly counted: string[] = [];
  /** Coalesces the frames sent within one tick into one write (none: each frame is written at once). */
  private readonly cork: TickCork | null;
  /** The acks this socket takes folded into its commands' events (hello feature `ackInEvent`), else null. */
  private folded: FoldedAcks | null = null;
  /** Does this socket take an event's view as its changes since the seq before (hello feature `viewChanges`)? */
  private viewChanges = false;

  /**
   * `wire` is the TCP socket under `socket` (the upgraded request's `req.raw.socket`): its writes of a
   * tick are coalesced (TickCork). Without it, each frame is written at once.
   */
  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: ConnectionContext,
    wire?: Corkable,
  ) {
    this.cork = wire && typeof wire.cork === "function" && typeof wire.uncork === "function" ? new TickCork(wire) : null;
    ctx.sockets.inc();
    if (ctx.socketBudget) this.countSocket(`address:${normalizeIP(ctx.address)}`, ctx.socketBudget.perAddress, "your address");
    socket.on("message", (data, isBinary) => this.onFrame(isBinary ? Buffer.from(data as Buffer) : (data as Buffer).toString("utf8")));
    socket.on("pong", () => (this.answeredPing = true));
    socket.on("close", () => this.onClose());
    socket.on("error", (err) => ctx.log.debug({ err }, "socket error"));
  }

  get playerId(): string | null {
    return this.player?.id ?? null;
  }

  /**
   * Sends a message if the socket is open: `text` when given (exactly `JSON.stringify(message)`, made
   * once for every socket shown the same message), else the message serialised here. A snapshot or an
   * event of a followed game marks that game's subscription as shown (see `follow`).
   */
  send(message: WireServerMessage, text?: string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.cork?.hold();
    this.socket.send(text ?? JSON.stringify(message));
    if (message.type === "event" || message.type === "snapshot") {
      const followed = this.games.get(message.gameId);
      if (followed) followed.shown = true;
    }
  }

  /**
   * A game's message for this socket (Subscriber.deliver): an event of a command this socket sent and
   * waits for carries its ack when the socket takes folded acks (FoldedAcks), any other goes as it is.
   */
  private deliver(message: WireServerMessage, text?: string, commandId?: string): void {
    if (commandId === undefined || this.folded === null || message.type !== "event") return this.send(message, text);
    const frame: Frame = this.folded.frameFor({ message, text: text ?? JSON.stringify(message) }, commandId);
    this.send(frame.message, frame.text);
  }

  /** Closes the socket with a WebSocket close code and a reason. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    // A peer that never answers the close frame would hold the connection for ws's 30 s: cut it.
    setTimeout(() => {
      if (!this.closed) this.socket.terminate();
    }, CLOSE_GRACE_MS).unref();
  }

  /**
   * One beat of the node's heartbeat: a socket that did not answer the previous ping is cut at once
   * (terminate: a half-open peer would never complete a close handshake), which runs the disconnect
   * path of its seats; otherwise it is pinged again.
   */
  heartbeat(): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (!this.answeredPing) {
      this.ctx.log.debug({ playerId: this.playerId }, "no pong to the last ping: socket cut");
      this.socket.terminate();
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
  }

  /** No valid hello came within `timeoutMs` of the socket's opening: say so and close it (4008). */
  expireHello(timeoutMs: number): void {
    if (this.player || this.closed) return;
    this.error("UNAUTHENTICATED", `no valid hello within ${timeoutMs} ms of connecting`);
    this.close(HELLO_TIMEOUT_CLOSE, "no hello in time");
  }

  /** A table this player sits at changed: forward it, and follow its game once it starts. */
  tableChanged(table: TableView): void {
    if (!this.player || !table.seats.some((s) => s.playerId === this.player!.id)) return;
    this.send({ type: "table", table });
    if (table.gameId && !this.games.has(table.gameId)) {
      withGame(this.ctx.games.open(table.gameId), (room) => {
        if (room && !this.closed && !this.games.has(room.id)) this.follow(room, true);
      });
    }
  }

  /** A matchmaking message for this socket's player: forward it, and follow the match's game once it starts. */
  queueMessage(message: ServerMessage): void {
    if (!this.player) return;
    this.send(message);
    if (message.type === "queue" && message.status.state === "playing") {
      withGame(this.ctx.games.open(message.status.gameId), (room) => {
        if (room && !this.closed && !this.games.has(room.id)) this.follow(room, true);
      });
    }
  }

  /** A game was started with this socket's player seated (a tournament table): follow it. */
  seatedIn(gameId: string): void {
    if (!this.player) return;
    const playerId = this.player.id;
    withGame(this.ctx.games.open(gameId), (room) => {
      if (room && !this.closed && room.hasPlayer(playerId) && !this.games.has(room.id)) this.follow(room, true);
    });
  }

  private error(code: ErrorCode, message: string, ref: { rid?: string; id?: string; gameId?: string; retryAfterMs?: number } = {}): void {
    this.send({ type: "error", code, message, ...ref });
  }

  /**
   * Counts this socket under `key` of the socket budget; past `max` sockets of that key, this socket,
   * the newest, is refused (TOO_MANY_SOCKETS) and closed (4029). The count runs beside the socket (on a
   * cluster it is a Redis round trip): frames are served meanwhile. A count that cannot be read lets
   * the socket in.
   */
  private countSocket(key: string, max: number, whose: string): void {
    const { counts } = this.ctx.socketBudget!;
    counts.add(key).then(
      (n) => {
        if (this.closed) return counts.remove(key);
        this.counted.push(key);
        if (n <= max) return;
        this.error("TOO_MANY_SOCKETS", `${whose} holds ${max} connections to this server already: close one (another tab or device) and try again`, { retryAfterMs: SOCKET_RETRY_MS });
        this.close(TOO_MANY_SOCKETS_CLOSE, "too many sockets");
      },
      (err: unknown) => this.ctx.log.warn({ err }, "socket count unavailable: socket let in"),
    );
  }

  /** Milliseconds until a frame of `size` bytes is within the socket's budgets, 0 when it is now (and then it is spent). */
  private overBudget(size: number): number {
    const wait = Math.max(this.frames.waitMs(), this.bytes.waitMs(size));
    if (wait > 0) return wait;
    this.frames.take();
    this.bytes.take(size);
    return 0;
  }

  private onFrame(frame: string | Buffer): void {
    // A socket being closed (refused, flooding, a bad token) does nothing more, whatever it still sends.
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    const retryAfterMs = this.overBudget(typeof frame === "string" ? Buffer.byteLength(frame) : frame.length);
    if (retryAfterMs > 0) {
      if (!this.refusals.take()) {
        this.error("RATE_LIMITED", "too many messages for too long: this connection is closed", { ...frameRefOf(frame), retryAfterMs });
        this.close(1008, "too many messages");
        return;
      }
      // The dropped frame's rid (or command id), so that the sender fails that request at once.
      this.error("RATE_LIMITED", `at most ${RATE_PER_SECOND} messages and ${BYTES_PER_SECOND / 1024} KiB per second`, { ...frameRefOf(frame), retryAfterMs });
      return;
    }
    const parsed = parseClientMessage(frame);
    if (!parsed.ok) {
      this.error(parsed.code, parsed.message, parsed.ref);
      if (parsed.code === "FRAME_TOO_LARGE") this.close(1009, `frames are limited to ${LIMITS.maxFrameBytes} bytes`);
      return;
    }
    const message = parsed.message;
    if (message.type === "hello") {
      this.hello(message.token, message.resume ?? [], message.features ?? []);
      return;
    }
    if (!this.player) {
      this.error("UNAUTHENTICATED", "send hello with your token first", refOf(message));
      return;
    }
    if (this.player.expiresAt !== null && this.player.expiresAt <= Date.now()) {
      this.error("BAD_TOKEN", "your token has expired: get a new one", refOf(message));
      this.close(4001, "token expired");
      return;
    }
    void this.handle(message, this.player).catch((err: unknown) => {
      this.ctx.log.error({ err }, "request failed");
      this.error("INTERNAL", "the server failed to handle this message", refOf(message));
    });
  }

  private hello(token: string, resume: readonly { gameId: string; lastSeq: number }[], features: readonly string[]): void {
    const player = this.ctx.identity.verify(token);
    if (!player) {
      this.error("BAD_TOKEN", "the token does not verify: get a new one from POST /api/guests");
      this.close(4001, "bad token");
      return;
    }
    if (this.player && this.player.id !== player.id) {
      this.error("BAD_TOKEN", "this socket already belongs to another player");
      return;
    }
    const first = this.player === null;
    this.player = player;
    // The last hello says what the client takes; features this server does not know are ignored.
    const foldsAcks = features.includes("ackInEvent" satisfies ClientFeature);
    if (!foldsAcks) this.folded = null;
    else this.folded ??= new FoldedAcks(player.id);
    this.viewChanges = features.includes("viewChanges" satisfies ClientFeature);
    this.send({ type: "welcome", player: { id: player.id, name: player.name } });
    if (!first) return;
    if (this.ctx.socketBudget) this.countSocket(`player:${player.id}`, this.ctx.socketBudget.perPlayer, "your player");
    this.ctx.identified?.(this);
    for (const table of this.ctx.tables.tablesOf(player.id)) this.send({ type: "table", table });
    const asked = new Map(resume.map((r) => [r.gameId, r.lastSeq]));
    for (const [gameId, lastSeq] of asked) {
      const resumeIn = (room: GameHandle | null) => {
        if (!room || this.closed) return;
        this.follow(room, false);
        for (const m of room.missedSince(this.viewerIn(room), lastSeq) ?? [room.snapshot(this.viewerIn(room))]) this.send(m);
        const presence = room.presenceNow();
        if (presence) this.send(presence);
      };
      // A game the node holds opens at once; each other one of the list (up to 32) costs a cold open,
      // as a resume message would: past the budget it is refused (RATE_LIMITED naming it), not opened.
      if (!this.ctx.coldOpenBudget || this.ctx.games.has(gameId)) withGame(this.ctx.games.open(gameId), resumeIn);
      else {
        this.overColdBudget(gameId, player, undefined, { gameId }).then(
          (refused) => refused || withGame(this.ctx.games.open(gameId), resumeIn),
          (err: unknown) => {
            // As every budget whose count cannot be read: let it through rather than refuse.
            this.ctx.log.warn({ err, gameId }, "cold-open budget unavailable: resumed uncounted");
            withGame(this.ctx.games.open(gameId), resumeIn);
          },
        );
      }
    }
    for (const room of this.ctx.games.gamesOf(player.id)) if (!asked.has(room.id)) this.follow(room, true);
    // In a cluster the player's game may have no copy on this node yet (its owner and its other
    // players' nodes are elsewhere): find it in the store, as a resume would.
    this.ctx.games.otherGamesOf?.(player.id).then(
      (ids) => {
        for (const gameId of ids) {
          if (asked.has(gameId)) continue;
          withGame(this.ctx.games.open(gameId), (room) => {
            if (room && !this.closed && !this.games.has(room.id)) this.follow(room, true);
          });
        }
      },
      (err: unknown) => this.ctx.log.warn({ err, playerId: player.id }, "the player's running games could not be read"),
    );
  }

  /**
   * Makes room for one more game `room` without a seat of this socket's player in it (spectate,
   * resume): past MAX_WATCHED_GAMES, the finished games it watches are let go first, then the one it
   * asked for longest ago (it stops getting that game's events; asking again follows it again). A
   * socket's own seats always stay followed (a player has few: the table and queue limits).
   */
  private makeRoomFor(room: GameHandle): void {
    const known = this.games.get(room.id);
    if (known) {
      // Asked again: the most recent now.
      this.games.delete(room.id);
      this.games.set(room.id, known);
      return;
    }
    if (this.player !== null && room.hasPlayer(this.player.id)) return;
    const watched = [...this.games.values()].filter((e) => !e.seated);
    const leaving = [...watched.filter((e) => e.room.over), ...watched.filter((e) => !e.room.over)];
    for (let n = watched.length; n >= MAX_WATCHED_GAMES; n--) this.unfollow(leaving.shift()!.room.id);
  }

  /** Unsubscribes this socket from a game; a seat it held counts one socket less. */
  private unfollow(gameId: string): void {
    const entry = this.games.get(gameId);
    if (!entry) return;
    entry.unsubscribe();
    if (entry.seated && this.player) entry.room.connectionChanged(this.player.id, -1);
    this.games.delete(gameId);
  }

  /** Subscribes this socket to a game and sends the snapshot of its view. */
  private follow(room: GameHandle, sendSnapshot: boolean): void {
    const seated = this.player !== null && room.hasPlayer(this.player.id);
    const viewer: Viewer = seated ? { kind: "player", id: this.player!.id } : { kind: "spectator" };
    let entry = this.games.get(room.id);
    if (!entry) {
      const connection = this;
      // `shown`: this subscription showed the client a view of its own viewer (a snapshot, missed events,
      // an event: `send` marks it): only then may the next event carry changes. A client that resumed
      // with nothing missed may hold a view made for another viewer (another node saw it seated): its
      // first event is whole.
      const made = { room, unsubscribe: () => {}, seated, shown: false };
      const sub: Subscriber = {
        viewer,
        // Read for every event: a later hello may name the feature or leave it out.
        get viewChanges() {
          return connection.viewChanges && made.shown;
        },
        deliver: (m, text, commandId) => this.deliver(m, text, commandId),
      };
      made.unsubscribe = room.subscribe(sub);
      entry = made;
      this.games.set(room.id, entry);
      if (seated) room.connectionChanged(this.player!.id, 1);
    }
    if (sendSnapshot) {
      this.send(room.snapshot(viewer));
      const presence = room.presenceNow();
      if (presence) this.send(presence);
    }
  }

  private viewerIn(room: GameHandle): Viewer {
    return this.player && room.hasPlayer(this.player.id) ? { kind: "player", id: this.player.id } : { kind: "spectator" };
  }

  private async handle(message: Exclude<ClientMessage, { type: "hello" }>, player: VerifiedPlayer): Promise<void> {
    const reply: Reply = (m) => this.send(m);
    const { tables, games, matchmaker } = this.ctx;
    try {
      switch (message.type) {
        case "ping":
          reply({ type: "pong", rid: message.rid });
          return;
        case "createTable": {
          // The game, its seats and the options it owns are checked against its module here, at the edge.
          const checked = checkTableOptions(message.options, findGame, gameIds);
          if (!checked.ok) return this.error(checked.code, checked.message, { rid: message.rid });
          reply({ type: "ok", rid: message.rid, table: await tables.create(player, checked.options) });
          return;
        }
        case "joinTable": {
          // Right or wrong, every code tried counts: table codes must not be guessed by trying them.
          const retryAfterMs = await this.ctx.tableJoinBudget(player.id, this.ctx.address);
          if (retryAfterMs > 0) return this.error("RATE_LIMITED", `too many tables joined by code: retry in ${Math.ceil(retryAfterMs / 1000)} s`, { rid: message.rid, retryAfterMs });
          reply({ type: "ok", rid: message.rid, table: await tables.join(player, message.code) });
          return;
        }
        case "leaveTable":
          reply({ type: "ok", rid: message.rid, table: await tables.leave(player.id, message.code) });
          return;
        case "ready":
          reply({ type: "ok", rid: message.rid, table: await tables.setReady(player.id, message.code, message.ready) });
          return;
        case "fillBots":
          reply({ type: "ok", rid: message.rid, table: await tables.fillBots(player.id, message.code) });
          return;
        case "startGame": {
          const table = await tables.start(player.id, message.code);
          reply({ type: "ok", rid: message.rid, table });
          return;
        }
        case "queueJoin":
          reply({ type: "ok", rid: message.rid, queue: await matchmaker.join(player, message.queueId) });
          return;
        case "queueLeave":
          reply({ type: "ok", rid: message.rid, queue: await matchmaker.leave(player.id) });
          return;
        case "queueStatus":
          reply({ type: "ok", rid: message.rid, queue: await matchmaker.status(player.id) });
          return;
        case "matchConfirm":
          reply({ type: "ok", rid: message.rid, queue: await matchmaker.confirm(player.id, message.matchId, message.accept) });
          return;
        case "spectate": {
          if (await this.overColdBudget(message.gameId, player, message.rid)) return;
          const room = await games.open(message.gameId);
          if (!room) return this.error("GAME_NOT_FOUND", `no running game ${message.gameId} on this node`, { rid: message.rid });
          this.makeRoomFor(room);
          this.follow(room, true);
          reply({ type: "ok", rid: message.rid });
          return;
        }
        case "resume": {
          if (await this.overColdBudget(message.gameId, player, message.rid)) return;
          const room = await games.open(message.gameId);
          if (!room) return this.error("GAME_NOT_FOUND", `no running game ${message.gameId} on this node`, { rid: message.rid });
          this.makeRoomFor(room);
          this.follow(room, false);
          const missed = room.missedSince(this.viewerIn(room), message.lastSeq);
          if (missed === null) return this.error("BAD_SEQ", `lastSeq ${message.lastSeq} is ahead of the game (at ${room.seq})`, { rid: message.rid });
          for (const m of missed) reply(m);
          const presence = room.presenceNow();
          if (presence) reply(presence);
          reply({ type: "ok", rid: message.rid });
          return;
        }
        case "history": {
          if (!this.historyBudget.take()) {
            return this.error("RATE_LIMITED", `at most ${HISTORY_BURST} history requests at once, then one every ${HISTORY_REFILL_MS / 1000} s`, { rid: message.rid, retryAfterMs: this.historyBudget.waitMs() });
          }
          if (await this.overColdBudget(message.gameId, player, message.rid)) return;
          const room = await games.open(message.gameId);
          if (!room) return this.error("GAME_NOT_FOUND", `no running game ${message.gameId} on this node`, { rid: message.rid });
          this.makeRoomFor(room);
          this.follow(room, false);
          reply({ type: "ok", rid: message.rid, history: historyOf(room, this.viewerIn(room)) });
          return;
        }
        case "takeSeatBack": {
          if (await this.overColdBudget(message.gameId, player, message.rid)) return;
          const room = await games.open(message.gameId);
          if (!room) return this.error("GAME_NOT_FOUND", `no running game ${message.gameId} on this node`, { rid: message.rid });
          const taken = room.takeSeatBack(player.id);
          if (!taken.ok) return this.error(taken.code, taken.message, { rid: message.rid });
          reply({ type: "ok", rid: message.rid });
          return;
        }
        case "command": {
          // The synchronous check first: a command for a game in memory (every honest one) costs no await.
          if (!this.ctx.games.has(message.gameId) && (await this.overColdBudget(message.gameId, player, undefined, { id: message.id, gameId: message.gameId }))) return;
          const found = games.open(message.gameId);
          const room = found instanceof Promise ? await found : found;
          if (!room) return this.error("GAME_NOT_FOUND", `no running game ${message.gameId} on this node`, { id: message.id, gameId: message.gameId });
          // The command is the game's: its module's schema checks it (a command of another game is refused here).
          const parsed = parseGameCommand(room.module, message.command);
          if (!parsed.ok) return this.error(parsed.code, parsed.message, { id: message.id, gameId: room.id });
          if (!room.hasPlayer(player.id)) return this.error("NOT_SEATED", "you have no seat in this game: you can only act for your own seat", { id: message.id, gameId: room.id });
          this.follow(room, false);
          // On a socket that takes folded acks, the command's event may have carried its ack (FoldedAcks).
          const folded = this.folded;
          const key = folded?.sent(room.id, message.id, parsed.command);
          let answer: Answer;
          let ackSent = false;
          try {
            answer = await room.submit(player.id, message.id, parsed.command as GameCommand);
          } finally {
            if (key !== undefined) ackSent = folded!.answered(key);
          }
          if (answer.ok) {
            if (!ackSent) reply({ type: "ack", id: message.id, gameId: room.id, seq: answer.seq });
          } else this.error(answer.code, answer.message, { id: message.id, gameId: room.id, ...(answer.retryAfterMs === undefined ? {} : { retryAfterMs: answer.retryAfterMs }) });
          return;
        }
      }
    } catch (error) {
      if (error instanceof TableError || error instanceof MatchmakingError) return this.error(error.code, error.message, refOf(message));
      throw error;
    }
  }

  /**
   * Spends the cold-open budget when game `gameId` is not in this node's memory (an unknown id costs a
   * store lookup too; a finished game a load and a replay): spectate, resume, history, takeSeatBack and
   * command, and each game of a hello's resume list. Past it, answers RATE_LIMITED (with `rid`, or the command's `ref`) and says so (true). A
   * game the node holds is free.
   */
  private async overColdBudget(gameId: string, player: VerifiedPlayer, rid: string | undefined, ref: { id?: string; gameId?: string } = {}): Promise<boolean> {
    if (!this.ctx.coldOpenBudget || this.ctx.games.has(gameId)) return false;
    const retryAfterMs = await this.ctx.coldOpenBudget(player.id, this.ctx.address);
    if (retryAfterMs === 0) return false;
    this.error("RATE_LIMITED", `too many games opened that this server did not hold: retry in ${Math.ceil(retryAfterMs / 1000)} s`, { ...(rid === undefined ? {} : { rid }), ...ref, retryAfterMs });
    return true;
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.ctx.sockets.dec();
    for (const key of this.counted.splice(0)) this.ctx.socketBudget!.counts.remove(key);
    for (const gameId of [...this.games.keys()]) this.unfollow(gameId);
  }
}

/** Runs `use` with the game at once when the directory answered synchronously (single node), else once it has. */
function withGame(found: GameHandle | null | Promise<GameHandle | null>, use: (room: GameHandle | null) => void): void {
  if (found instanceof Promise) void found.then(use, () => use(null));
  else use(found);
}

function refOf(message: ClientMessage): { rid?: string; id?: string } {
  if ("rid" in message) return { rid: message.rid };
  if (message.type === "command") return { id: message.id };
  return {};
}
