import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnyGameModule, Bot, BotKind, CommandBase, PlayerId, SetupBase, StateBase, ViewBase } from "@bang/game-core";
import { findGame, gameById, gameIds } from "@bang/games";
import { checkTableOptions, parseClientMessage, parseGameCommand, type ClientMessage, type ServerMessage, type TableOptions, type TableView } from "@bang/protocol";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A small game server for the load generator's tests: a test peer, not a model of apps/server. It
 * speaks just enough of the protocol for playRemoteTable (guests over HTTP; hello, private tables,
 * ready, server bots, start, commands over WebSocket) and hosts real games through their modules from
 * the registry: commands checked by `parseGameCommand` and applied by `apply`, each viewer sent its own
 * `view` and `viewEvent`, the server's bot seats played with the module's bots.
 */

interface Peer {
  socket: WebSocket;
  playerId: PlayerId | null;
}

interface Game {
  id: string;
  module: AnyGameModule;
  setup: SetupBase;
  state: StateBase;
  log: CommandBase[];
  /** The server's bots, by seat id. */
  bots: Map<PlayerId, Bot<ViewBase, CommandBase>>;
}

interface Table {
  code: string;
  hostId: PlayerId;
  options: TableOptions;
  /** Seat ids in order (a player, or a server bot `sbot<i>`), null while empty. */
  seats: (PlayerId | null)[];
  ready: Set<PlayerId>;
  game: Game | null;
}

/** The answer to a request, before its `rid` is added. */
type Reply = Omit<Extract<ServerMessage, { type: "ok" }>, "rid"> | Omit<Extract<ServerMessage, { type: "error" }>, "rid">;

export class FakeGameServer {
  readonly tables = new Map<string, Table>();
  /** Every valid client message received, with its sender. */
  readonly received: { playerId: PlayerId | null; message: ClientMessage }[] = [];
  private readonly peers: Peer[] = [];
  private guests = 0;
  private tableCount = 0;

  private constructor(
    private readonly http: Server,
    private readonly wss: WebSocketServer,
  ) {
    wss.on("connection", (socket) => this.accept(socket));
  }

  static async start(): Promise<FakeGameServer> {
    const http = createServer();
    const wss = new WebSocketServer({ server: http, path: "/ws" });
    const server = new FakeGameServer(http, wss);
    http.on("request", (req, res) => void server.route(req, res));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  /** The games played so far. */
  games(): Game[] {
    return [...this.tables.values()].flatMap((t) => (t.game ? [t.game] : []));
  }

  async close(): Promise<void> {
    for (const p of this.peers) p.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    if (req.method === "POST" && req.url === "/api/guests") {
      const { name } = JSON.parse(body) as { name: string };
      const id = `guest${++this.guests}`;
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ token: `token-${id}`, player: { id, name } }));
      return;
    }
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ code: "NOT_FOUND", message: "no such route" }));
  }

  private accept(socket: WebSocket): void {
    const peer: Peer = { socket, playerId: null };
    this.peers.push(peer);
    socket.on("message", (data) => {
      const parsed = parseClientMessage(data.toString());
      if (!parsed.ok) return this.send(peer, { type: "error", code: parsed.code, message: parsed.message, ...parsed.ref });
      this.received.push({ playerId: peer.playerId, message: parsed.message });
      this.handle(peer, parsed.message);
    });
  }

  private send(peer: Peer, message: ServerMessage): void {
    if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(message));
  }

  private handle(peer: Peer, m: ClientMessage): void {
    if (m.type === "hello") {
      peer.playerId = m.token.replace(/^token-/, "");
      return this.send(peer, { type: "welcome", player: { id: peer.playerId, name: peer.playerId } });
    }
    const me = peer.playerId;
    if (me === null) return this.send(peer, { type: "error", code: "UNAUTHENTICATED", message: "say hello first" });
    if (m.type === "command") return this.command(peer, me, m);
    if (m.type === "ping") return this.send(peer, { type: "pong", rid: m.rid });
    if (!("rid" in m)) return;
    const reply = this.request(me, m);
    this.send(peer, { ...reply, rid: m.rid } as ServerMessage);
  }

  /** Table requests: each answered with `ok` and the table, or an error. */
  private request(me: PlayerId, m: ClientMessage): Reply {
    const error = (code: string, message: string): Reply => ({ type: "error", code, message });
    if (m.type === "createTable") {
      const checked = checkTableOptions(m.options, findGame, gameIds);
      if (!checked.ok) return error(checked.code, checked.message);
      const table: Table = { code: `T${String(++this.tableCount).padStart(3, "0")}`, hostId: me, options: m.options, seats: Array.from({ length: m.options.seats }, (_, i) => (i === 0 ? me : null)), ready: new Set(), game: null };
      this.tables.set(table.code, table);
      return { type: "ok", table: this.viewOf(table) };
    }
    if (!("code" in m)) return error("INVALID_MESSAGE", `${m.type}: not handled by the fake server`);
    const table = this.tables.get(m.code);
    if (!table) return error("TABLE_NOT_FOUND", `no table ${m.code}`);
    switch (m.type) {
      case "joinTable": {
        const free = table.seats.indexOf(null);
        if (free < 0) return error("TABLE_FULL", "full");
        table.seats[free] = me;
        break;
      }
      case "ready":
        if (m.ready) table.ready.add(me);
        break;
      case "fillBots":
        table.seats = table.seats.map((s, i) => s ?? `sbot${i}`);
        break;
      case "startGame":
        if (table.seats.includes(null)) return error("NOT_READY", "empty seats");
        this.start(table);
        break;
      default:
        return error("INVALID_MESSAGE", `${m.type}: not handled by the fake server`);
    }
    this.broadcast(table, () => ({ type: "table", table: this.viewOf(table) }));
    return { type: "ok", table: this.viewOf(table) };
  }

  private start(table: Table): void {
    const module = gameById(table.options.game);
    const players = table.seats as PlayerId[];
    const setup = module.setupFor({ players, seed: 4242 + this.tableCount, options: table.options.gameOptions });
    const created = module.create(setup);
    if (!created.ok) throw new Error(created.error.message);
    const kind: BotKind = table.options.botKind;
    const bots = new Map(players.filter((p) => p.startsWith("sbot")).map((p, i) => [p, module.bots[kind](900 + i)] as const));
    table.game = { id: `game-${table.code}`, module, setup, state: created.state, log: [], bots };
    const game = table.game;
    this.broadcast(table, (id) => ({ type: "snapshot", gameId: game.id, game: module.id, seq: 0, view: module.view(game.state, { kind: "player", id }) as never }));
    this.playBots(table);
  }

  private command(peer: Peer, me: PlayerId, m: Extract<ClientMessage, { type: "command" }>): void {
    const table = [...this.tables.values()].find((t) => t.game?.id === m.gameId);
    if (!table?.game) return this.send(peer, { type: "error", id: m.id, gameId: m.gameId, code: "GAME_NOT_FOUND", message: "no such game" });
    const parsed = parseGameCommand(table.game.module, m.command);
    if (!parsed.ok) return this.send(peer, { type: "error", id: m.id, gameId: m.gameId, code: parsed.code, message: parsed.message });
    const refused = this.apply(table, { ...parsed.command, by: me } as CommandBase);
    if (refused) return this.send(peer, { type: "error", id: m.id, gameId: m.gameId, code: refused.code, message: refused.message });
    this.send(peer, { type: "ack", id: m.id, gameId: m.gameId, seq: table.game.log.length });
    this.playBots(table);
  }

  /** Applies a command, broadcasts what each seat may see of it; returns the refusal, if any. */
  private apply(table: Table, command: CommandBase): { code: string; message: string } | null {
    const game = table.game!;
    const result = game.module.apply(game.state, command);
    if (!result.ok) return result.error;
    game.state = result.state;
    game.log.push(command);
    const seq = game.log.length;
    this.broadcast(table, (id) => {
      const viewer = { kind: "player", id } as const;
      const shown = game.module.viewEvent({ command, events: result.events, state: result.state }, viewer);
      return { type: "event", gameId: game.id, game: game.module.id, seq, by: command.by, command: shown.command as never, events: shown.events as never, view: game.module.view(result.state, viewer) as never };
    });
    return null;
  }

  /** The server's bots play while the game waits for one of them. */
  private playBots(table: Table): void {
    const game = table.game!;
    for (let bot = game.module.toAct(game.state).find((p) => game.bots.has(p)); bot !== undefined; bot = game.module.toAct(game.state).find((p) => game.bots.has(p))) {
      const command = game.bots.get(bot)!.choose(game.module.view(game.state, { kind: "player", id: bot }), bot);
      const refused = this.apply(table, command);
      if (refused) throw new Error(`server bot ${bot}: ${refused.code}: ${refused.message}`);
    }
  }

  private broadcast(table: Table, messageFor: (playerId: PlayerId) => ServerMessage): void {
    for (const peer of this.peers) if (peer.playerId !== null && table.seats.includes(peer.playerId)) this.send(peer, messageFor(peer.playerId));
  }

  private viewOf(table: Table): TableView {
    return {
      code: table.code,
      hostId: table.hostId,
      options: table.options,
      seats: table.seats.map((playerId, index) => ({
        index,
        playerId,
        name: playerId,
        bot: playerId?.startsWith("sbot") ? table.options.botKind : null,
        ready: playerId !== null && (table.ready.has(playerId) || playerId.startsWith("sbot")),
        connected: playerId !== null,
      })),
      status: table.game ? (table.game.module.toAct(table.game.state).length === 0 ? "finished" : "playing") : "open",
      gameId: table.game?.id ?? null,
    };
  }
}
