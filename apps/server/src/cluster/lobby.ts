/**
 * The private tables (lobby) across nodes. Choice: a table stays in the memory of the node where it was
 * created (its TableRegistry, unchanged), and Redis only says where: `table:<code>` = that node's id.
 * A request for a table of another node (join, ready, leave, fill, start) is sent to that node over the
 * bus and its answer relayed; every table change is published on the `lobby` channel, so each node
 * tells its own seated sockets and keeps a copy of the views for `tablesOf` after a reconnect.
 * Why not tables in Redis: a table is a few seconds of low-rate, single-writer state, like a game, and
 * its rules (seats, host, ready) already live in TableRegistry; routing keeps one writer per table with
 * no Redis transactions, and its cost (a bus round trip per lobby request) is paid once per game.
 * What is lost with its node: a table that has not started (its players create another one); the games
 * it started are stored and fail over. A node writes its codes again every heartbeat with a TTL of three,
 * like its membership, so a dead node's codes answer TABLE_NOT_FOUND within three heartbeats (not a
 * RETRY after a bus timeout), and the other nodes then drop their copies of its tables' views (once
 * missing at three refreshes in a row), which a reconnecting player would otherwise be shown as open.
 */
import type { TableOptions, TableView } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import { TableError, type Lobby, type TableRegistry } from "../tables/registry.js";
import type { Json, MessageBus } from "./bus.js";
import type { ClusterKeys } from "./keys.js";
import type { Redis } from "./redis.js";

/** A lobby request between nodes. */
export type TableRequest = {
  kind: "table";
  op: "join" | "leave" | "setReady" | "fillBots" | "start" | "finished";
  code: string;
  player: { id: string; name: string };
  ready?: boolean;
};

/** A code -> node entry outlives this many missed refreshes (heartbeats), as a node's membership does. */
const TTL_REFRESHES = 3;
const REQUEST_TIMEOUT_MS = 5000;

/** See the file's comment: the Lobby of a cluster node, over its own TableRegistry. */
export class ClusterLobby implements Lobby {
  private readonly listeners = new Set<(table: TableView) => void>();
  /** Views of other nodes' tables, as last published, with the node that published each. */
  private readonly remote = new Map<string, { origin: string; table: TableView; missed: number }>();
  /** Codes of this node's tables in use: their code -> node entries are written again every heartbeat. */
  private readonly mine = new Set<string>();
  private refreshTimer: NodeJS.Timeout | null = null;
  /** TTL of the code -> node entries, in ms: TTL_REFRESHES refresh periods once connected. */
  private entryTtlMs = TTL_REFRESHES * 2000;

  constructor(
    private readonly local: TableRegistry,
    private readonly o: {
      nodeId: string;
      redis: Redis;
      keys: ClusterKeys;
      bus: MessageBus;
      log: FastifyBaseLogger;
      /** How long a request waits for the table's node, in ms. Default 5000. */
      requestTimeoutMs?: number;
    },
  ) {}

  /**
   * Subscribes to the lobby channel and publishes this node's table changes on it. Every `refreshMs`
   * (the heartbeat, ms) writes the code -> node entries of its tables again, with a TTL of
   * TTL_REFRESHES periods (Redis may also have restarted empty), and forgets the other nodes' tables
   * whose entry is gone or names another node.
   */
  async connect(refreshMs: number): Promise<void> {
    this.entryTtlMs = TTL_REFRESHES * refreshMs;
    this.refreshTimer = setInterval(() => {
      for (const code of this.mine) void this.register(code).catch(() => undefined);
      void this.forgetLostTables().catch(() => undefined);
    }, refreshMs);
    this.local.onChange((table) => {
      if (table.status === "finished") {
        // Closed (its game over, or its last person left): its code stops answering at once.
        this.mine.delete(table.code);
        void this.o.redis.del(this.o.keys.table(table.code)).catch(() => undefined);
      } else this.mine.add(table.code);
      for (const l of this.listeners) l(table);
      this.o.bus.publish("lobby", { origin: this.o.nodeId, table } as unknown as Json).catch((error: unknown) => this.o.log.debug({ err: error }, "could not publish a table change"));
    });
    await this.o.bus.subscribe("lobby", (m) => {
      const { origin, table } = m as unknown as { origin: string; table: TableView };
      if (origin === this.o.nodeId) return;
      if (table.status === "finished") this.remote.delete(table.code);
      else this.remote.set(table.code, { origin, table, missed: 0 });
      for (const l of this.listeners) l(table);
    });
  }

  /** Stops the refresh of the table codes. */
  close(): void {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
  }

  onChange(listener: (table: TableView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tablesOf(playerId: string): TableView[] {
    const mine = this.local.tablesOf(playerId);
    const seen = new Set(mine.map((t) => t.code));
    for (const { table: t } of this.remote.values()) if (!seen.has(t.code) && t.seats.some((s) => s.playerId === playerId)) mine.push(t);
    return mine;
  }

  /** This node's table `code`, else the last published view of another node's, else null. */
  peek(code: string): TableView | null {
    return this.local.peek(code) ?? this.remote.get(code)?.table ?? null;
  }

  async create(player: { id: string; name: string }, options: TableOptions): Promise<TableView> {
    const view = this.local.create(player, options);
    await this.register(view.code).catch((error: unknown) => this.o.log.warn({ err: error, code: view.code }, "could not register the table's code: it is reachable on this node only"));
    return view;
  }

  join(player: { id: string; name: string }, code: string): Promise<TableView> {
    return this.route({ kind: "table", op: "join", code, player });
  }

  leave(playerId: string, code: string): Promise<TableView> {
    return this.route({ kind: "table", op: "leave", code, player: { id: playerId, name: "" } });
  }

  setReady(playerId: string, code: string, ready: boolean): Promise<TableView> {
    return this.route({ kind: "table", op: "setReady", code, player: { id: playerId, name: "" }, ready });
  }

  fillBots(playerId: string, code: string): Promise<TableView> {
    return this.route({ kind: "table", op: "fillBots", code, player: { id: playerId, name: "" } });
  }

  start(playerId: string, code: string): Promise<TableView> {
    return this.route({ kind: "table", op: "start", code, player: { id: playerId, name: "" } });
  }

  /** The game of table `code` is over (on whichever node): the table's node closes it. */
  finished(code: string): void {
    if (this.local.has(code)) this.local.finished(code);
    else void this.route({ kind: "table", op: "finished", code, player: { id: "", name: "" } }).catch(() => undefined);
  }

  /** Writes (again) that table `code` is on this node, for entryTtlMs. Rejects with the Redis error. */
  private async register(code: string): Promise<void> {
    await this.o.redis.set(this.o.keys.table(code), this.o.nodeId, "PX", this.entryTtlMs);
  }

  /**
   * Drops the copies of other nodes' tables whose code -> node entry is gone (their node died). Only
   * when it was missing at TTL_REFRESHES refreshes in a row: a live node writes it again every refresh
   * (a new table's entry follows its first view; Redis may have restarted empty), and a write sent in
   * the same instant as this node's read may land after it.
   */
  private async forgetLostTables(): Promise<void> {
    const copies = [...this.remote.entries()];
    if (copies.length === 0) return;
    const owners = await this.o.redis.mget(copies.map(([code]) => this.o.keys.table(code)));
    copies.forEach(([code, copy], i) => {
      if (this.remote.get(code) !== copy) return; // replaced by a newer view meanwhile
      if (owners[i] === copy.origin) copy.missed = 0;
      else if (++copy.missed >= TTL_REFRESHES) this.remote.delete(code);
    });
  }

  /** Answers a lobby request from another node: {table} or {code, message} (a TableError). */
  async handle(request: TableRequest): Promise<Json> {
    try {
      return { table: (await this.run(request)) as unknown as Json };
    } catch (error) {
      if (error instanceof TableError) return { code: error.code, message: error.message };
      throw error;
    }
  }

  private async run(r: TableRequest): Promise<TableView> {
    switch (r.op) {
      case "join":
        return this.local.join(r.player, r.code);
      case "leave":
        return this.local.leave(r.player.id, r.code);
      case "setReady":
        return this.local.setReady(r.player.id, r.code, r.ready ?? true);
      case "fillBots":
        return this.local.fillBots(r.player.id, r.code);
      case "start":
        return this.local.start(r.player.id, r.code);
      case "finished":
        this.local.finished(r.code);
        return this.local.view(r.code);
    }
  }

  /** Runs the request here when the table is ours, else on its node. TableError as the node answered. */
  private async route(request: TableRequest): Promise<TableView> {
    if (this.local.has(request.code)) return this.run(request);
    let owner: string | null;
    try {
      owner = await this.o.redis.get(this.o.keys.table(request.code));
    } catch {
      throw new TableError("RETRY", "the lobby is unreachable for a moment: try again");
    }
    if (!owner || owner === this.o.nodeId) throw new TableError("TABLE_NOT_FOUND", `no table with code ${request.code}`);
    let reply: { table?: TableView; code?: string; message?: string };
    try {
      reply = (await this.o.bus.request(owner, request as unknown as Json, this.o.requestTimeoutMs ?? REQUEST_TIMEOUT_MS)) as typeof reply;
    } catch {
      // Its node stopped refreshing the entry (it died): the table is gone with it, say so for good.
      const still = await this.o.redis.get(this.o.keys.table(request.code)).catch(() => owner);
      if (still === null) throw new TableError("TABLE_NOT_FOUND", `table ${request.code} was lost with its server node: create another table`);
      throw new TableError("RETRY", `the node keeping table ${request.code} does not answer: try again`);
    }
    if (reply.table) return reply.table;
    throw new TableError((reply.code ?? "INTERNAL") as TableError["code"], reply.message ?? "the table's node refused");
  }
}
