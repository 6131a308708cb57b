import { createGame, playerView, type GameEvent, type PlayerView } from "@bang/game-dice";
import { parseClientMessage, type ClientMessage, type ErrorCode, type GameCommand, type ServerMessage, type TableView } from "@bang/protocol";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A real WebSocket server (the `ws` package) that speaks the protocol minimally, for the SDK's
 * behaviour tests: a test peer, not a model of apps/server. One game (GAME_ID, a game of GAME: the dice
 * game) whose accepted commands get seq 1, 2, ...; each entry's view is the real initial view of a
 * 4-player dice game with `stateId` = seq.
 * Tests steer it (hold commands, drop sockets, send raw frames) and read what it received.
 */

export const GAME_ID = "g1";
/** The game GAME_ID is a game of (its module's id). */
export const GAME = "dice";
export const TABLE_CODE = "ABCD";

/** One connection: its socket, who said hello, what it received, and whether its hello named `ackInEvent`. */
export interface Peer {
  socket: WebSocket;
  playerId: string | null;
  received: ClientMessage[];
  foldsAcks: boolean;
}

interface Entry {
  seq: number;
  by: string;
  commandId: string;
  command: GameCommand;
}

type Answer = Extract<ServerMessage, { type: "ack" | "error" }>;

const created = createGame({
  players: [
    { id: "p1", role: "sheriff" },
    { id: "p2", role: "renegade" },
    { id: "p3", role: "outlaw" },
    { id: "p4", role: "outlaw" },
  ],
  seed: 7,
});
if (!created.ok) throw new Error(created.error.message);
const initialState = created.state;

/** The view of `playerId` after entry `seq` (seq 0: the start), as a message carries it (the envelope's view passes the game's fields through). */
export function viewAt(seq: number, playerId: string): PlayerView & Record<string, unknown> {
  return { ...playerView(initialState, { kind: "player", id: playerId }), stateId: seq };
}

export class FakeServer {
  readonly peers: Peer[] = [];
  readonly log: Entry[] = [];
  /** Commands received but not answered while true (the test answers, or drops the socket). */
  holdCommands = false;
  /** Store the command, then drop the socket before any answer (a node dying after its write). */
  dieAfterStore = false;
  /** Connections to kill as soon as they open (to exercise the backoff). */
  refuseConnections = 0;
  /** A rule refusal for some commands, as the engine would answer. */
  refuse: (command: GameCommand) => ErrorCode | null = (c) => (c.type === "react" ? "WRONG_PHASE" : null);
  /** The `retryAfterMs` a RATE_LIMITED refusal of a command carries (none when undefined). */
  commandRetryAfterMs: number | undefined = undefined;
  /** Honour hello's `ackInEvent` as the real server does (false: a server that ignores it, acks apart). */
  foldAcks = true;
  /** Ids whose ack went out folded into the sender's event, in order. */
  readonly foldedAcks: string[] = [];
  /** Tokens the server accepts, and the player each names. */
  readonly tokens = new Map([
    ["token-p1", "p1"],
    ["token-p2", "p2"],
  ]);
  private readonly answers = new Map<string, Answer>();
  private readonly listeners = new Set<() => void>();
  private connectionCount = 0;

  private constructor(private readonly wss: WebSocketServer) {
    wss.on("connection", (socket) => this.accept(socket));
  }

  static async start(): Promise<FakeServer> {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/ws" });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    return new FakeServer(wss);
  }

  /** The HTTP base URL a client is given. */
  get url(): string {
    return `http://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  /** Connections accepted so far (refused ones included). */
  get connections(): number {
    return this.connectionCount;
  }

  /** The latest connection. */
  get peer(): Peer {
    const peer = this.peers.at(-1);
    if (!peer) throw new Error("no connection yet");
    return peer;
  }

  /** Every message received on every connection, in order. */
  get received(): ClientMessage[] {
    return this.peers.flatMap((p) => p.received);
  }

  /** Resolves with the first received message (on any connection) that matches, waiting if need be. */
  async receivedMatching<T extends ClientMessage>(match: (m: ClientMessage) => m is T, timeoutMs?: number): Promise<T>;
  async receivedMatching(match: (m: ClientMessage) => boolean, timeoutMs?: number): Promise<ClientMessage>;
  async receivedMatching(match: (m: ClientMessage) => boolean, timeoutMs = 2000): Promise<ClientMessage> {
    await this.until(() => this.received.some(match), timeoutMs);
    return this.received.find(match)!;
  }

  /** Resolves once `condition` holds (checked on every server-side change), or rejects after `timeoutMs`. */
  until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!condition()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`fake server: condition not met within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }

  /** Sends a message (or any raw text) to a connection (default: the latest). */
  send(message: ServerMessage | string, peer: Peer = this.peer): void {
    peer.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The event message of entry `seq` for `playerId`. */
  eventOf(seq: number, playerId = "p1"): ServerMessage {
    const entry = this.log[seq - 1];
    if (!entry) throw new Error(`no entry ${seq}`);
    const events: GameEvent[] = [{ type: "turnStarted", player: entry.by, turn: seq }];
    return { type: "event", gameId: GAME_ID, game: GAME, seq, by: entry.by, command: entry.command, events, view: viewAt(seq, playerId) };
  }

  /** Stores a command without telling anyone (as if the events were lost on the way). */
  storeQuietly(command: GameCommand, by = "p2"): number {
    const seq = this.log.length + 1;
    this.log.push({ seq, by, commandId: `quiet-${seq}`, command });
    return seq;
  }

  /** Kills the TCP connection of a peer without a close handshake (a crash, a cable pulled). */
  terminate(peer: Peer = this.peer): void {
    peer.socket.terminate();
  }

  async close(): Promise<void> {
    for (const p of this.peers) p.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  private accept(socket: WebSocket): void {
    this.connectionCount += 1;
    if (this.refuseConnections > 0) {
      this.refuseConnections -= 1;
      socket.terminate();
      this.changed();
      return;
    }
    const peer: Peer = { socket, playerId: null, received: [], foldsAcks: false };
    this.peers.push(peer);
    socket.on("message", (data) => {
      const parsed = parseClientMessage(data.toString());
      if (!parsed.ok) {
        this.send({ type: "error", code: parsed.code, message: parsed.message }, peer);
        return;
      }
      peer.received.push(parsed.message);
      this.handle(peer, parsed.message);
      this.changed();
    });
    this.changed();
  }

  private handle(peer: Peer, m: ClientMessage): void {
    if (m.type === "hello") {
      const playerId = this.tokens.get(m.token);
      if (!playerId) {
        this.send({ type: "error", code: "BAD_TOKEN", message: "the token does not verify" }, peer);
        peer.socket.close(4001, "bad token");
        return;
      }
      peer.playerId = playerId;
      peer.foldsAcks = m.features?.includes("ackInEvent") ?? false;
      this.send({ type: "welcome", player: { id: playerId, name: playerId.toUpperCase() } }, peer);
      // Like the real server: the games named in hello get what they missed right after the welcome.
      for (const r of m.resume ?? []) for (const e of this.log.filter((e) => e.seq > r.lastSeq)) this.send(this.eventOf(e.seq, playerId), peer);
      return;
    }
    if (peer.playerId === null) {
      this.send({ type: "error", code: "UNAUTHENTICATED", message: "say hello first" }, peer);
      return;
    }
    switch (m.type) {
      case "ping":
        return this.send({ type: "pong", rid: m.rid }, peer);
      case "createTable":
        return this.send({ type: "ok", rid: m.rid, table: this.table(peer.playerId, null) }, peer);
      case "startGame": {
        const table = this.table(peer.playerId, GAME_ID);
        this.send({ type: "table", table }, peer);
        this.send({ type: "snapshot", gameId: GAME_ID, game: GAME, seq: this.log.length, view: viewAt(this.log.length, peer.playerId) }, peer);
        return this.send({ type: "ok", rid: m.rid, table }, peer);
      }
      case "spectate":
        this.send({ type: "snapshot", gameId: m.gameId, game: GAME, seq: this.log.length, view: viewAt(this.log.length, peer.playerId) }, peer);
        return this.send({ type: "ok", rid: m.rid }, peer);
      case "resume":
        for (const e of this.log.filter((e) => e.seq > m.lastSeq)) this.send(this.eventOf(e.seq, peer.playerId), peer);
        return this.send({ type: "ok", rid: m.rid }, peer);
      case "command":
        if (!this.holdCommands) this.answer(peer, m);
        return;
      case "queueJoin":
        return this.send({ type: "ok", rid: m.rid, queue: { state: "queued", queueId: m.queueId, joinedAt: 1, ratingWindow: 3 } }, peer);
      case "matchConfirm":
        // The last confirmation: its answer, and right behind it the start of the game.
        this.send({ type: "ok", rid: m.rid, queue: { state: "matched", queueId: "q", matchId: m.matchId, deadline: 2 } }, peer);
        return this.send({ type: "queue", status: { state: "playing", queueId: "q", gameId: GAME_ID } }, peer);
      default:
        return this.send({ type: "ok", rid: m.rid }, peer);
    }
  }

  /** Answers a command exactly once: a repeated id gets the first answer again and stores nothing. */
  answer(peer: Peer, m: Extract<ClientMessage, { type: "command" }>): void {
    const prior = this.answers.get(m.id);
    if (prior) return this.send(prior, peer);
    const code = this.refuse(m.command);
    if (code) {
      const refusal: Answer = { type: "error", id: m.id, code, message: `refused: ${code}`, ...(code === "RATE_LIMITED" && this.commandRetryAfterMs !== undefined ? { retryAfterMs: this.commandRetryAfterMs } : {}) };
      // Like the real server, a transient refusal is not the command's answer: it may be sent again.
      if (code !== "RETRY" && code !== "SHUTTING_DOWN" && code !== "RATE_LIMITED") this.answers.set(m.id, refusal);
      return this.send(refusal, peer);
    }
    const seq = this.log.length + 1;
    this.log.push({ seq, by: peer.playerId ?? "?", commandId: m.id, command: m.command });
    const ack: Answer = { type: "ack", id: m.id, gameId: m.gameId, seq };
    this.answers.set(m.id, ack);
    if (this.dieAfterStore) {
      this.dieAfterStore = false;
      return this.terminate(peer);
    }
    // Like the real server: the sender's socket that named ackInEvent gets the ack in its event, not apart.
    const folds = this.foldAcks && peer.foldsAcks;
    for (const p of this.peers) {
      if (!p.playerId || p.socket.readyState !== p.socket.OPEN) continue;
      const event = this.eventOf(seq, p.playerId);
      this.send(folds && p === peer ? { ...event, ack: m.id } as ServerMessage : event, p);
    }
    if (folds) this.foldedAcks.push(m.id);
    else this.send(ack, peer);
  }

  private table(hostId: string, gameId: string | null): TableView {
    return {
      code: TABLE_CODE,
      hostId,
      options: { game: GAME, seats: 4, botsAllowed: true, botKind: "heuristic", turnSeconds: 60, gameOptions: {} },
      seats: [0, 1, 2, 3].map((index) => ({
        index,
        playerId: index === 0 ? hostId : `bot${index}`,
        name: index === 0 ? hostId.toUpperCase() : `Bot ${index}`,
        bot: index === 0 ? null : "heuristic",
        ready: true,
        connected: true,
      })),
      status: gameId ? "playing" : "open",
      gameId,
    };
  }
}
