/**
 * Players over the client SDK for end-to-end tests: guests, clients whose sockets the test can see
 * (every received frame, and the handle to cut a socket), tables, and a small loop that plays a seat
 * with a bot over the player's OWN view, as a person's client would.
 */
import { BangClient, ClientError, createGuest, newCommandId, type ClientOptions, type CommandResult, type Guest, type PresenceMessage, type WebSocketConstructor } from "@bang/client";
import type { Bot, BotKind, CommandBase } from "@bang/game-core";
import { gameById } from "@bang/games";
import type { PlayerView } from "@bang/game-dice";
import { gameCommand, type GameCommand, type GameView, type TableView } from "@bang/protocol";
import { WebSocket } from "ws";

/** A socket the test keeps a handle on, with everything it received. */
export interface TappedSocket {
  readonly socket: WebSocket;
  /** The text of every frame received, in order. */
  readonly frames: string[];
  /** The close code and reason, once closed. */
  closed: { code: number; reason: string } | null;
}

/**
 * A WebSocket class for the SDK (`ClientOptions.WebSocket`) that records each socket it opens in
 * `sockets`, and every frame received (before the SDK parses it) through `onFrame`.
 */
export function tappedWebSocket(sockets: TappedSocket[], onFrame?: (text: string, tap: TappedSocket) => void): WebSocketConstructor {
  return class Tapped extends WebSocket {
    constructor(url: string) {
      super(url);
      const tap: TappedSocket = { socket: this, frames: [], closed: null };
      sockets.push(tap);
      this.on("message", (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        const text = isBinary ? "<binary>" : Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as ArrayBuffer).toString("utf8");
        tap.frames.push(text);
        onFrame?.(text, tap);
      });
      this.on("close", (code: number, reason: Buffer) => (tap.closed = { code, reason: reason.toString("utf8") }));
    }
  };
}

/** A connected player: the guest, its client, and the sockets the client opened (oldest first). */
export interface Player {
  guest: Guest;
  id: string;
  client: BangClient;
  sockets: TappedSocket[];
  /** Errors the client reported through its `error` event (none expected in a healthy run). */
  errors: ClientError[];
}

export interface PlayerOptions {
  /** Called with every frame this player's sockets receive, before the SDK sees it. */
  onFrame?: (text: string, player: Player) => void;
  client?: Partial<Omit<ClientOptions, "url" | "token" | "WebSocket">>;
  /** Keep the frames in `sockets[i].frames` (default true). */
  keepFrames?: boolean;
}

/** Test clients reconnect fast: the servers under test restart in seconds. */
export const FAST_RECONNECT = { initialDelayMs: 50, maxDelayMs: 500, jitter: 0.5 } as const;

/** Creates a guest over HTTP and connects a client for it (welcomed). */
export async function connectPlayer(url: string, name: string, options: PlayerOptions = {}): Promise<Player> {
  const guest = await createGuest(url, name);
  return connectAs(url, guest, options);
}

/** Connects a client for an existing guest (welcomed). */
export async function connectAs(url: string, guest: Guest, options: PlayerOptions = {}): Promise<Player> {
  const sockets: TappedSocket[] = [];
  const keep = options.keepFrames ?? true;
  let player: Player | null = null;
  const onFrame = (text: string, tap: TappedSocket) => {
    if (!keep) tap.frames.pop();
    if (player && options.onFrame) options.onFrame(text, player);
  };
  const client = new BangClient({
    url,
    token: guest.token,
    WebSocket: tappedWebSocket(sockets, onFrame),
    reconnect: FAST_RECONNECT,
    heartbeatMs: 0,
    requestTimeoutMs: 20_000,
    ...options.client,
  });
  player = { guest, id: guest.player.id, client, sockets, errors: [] };
  const p = player;
  client.on("error", (e) => p.errors.push(e));
  await client.connect();
  return p;
}

/** The socket a player's client uses now. */
export function currentSocket(player: Player): TappedSocket {
  const tap = player.sockets.at(-1);
  if (!tap) throw new Error(`player ${player.guest.player.name} has no socket`);
  return tap;
}

/** The game the tests play when they do not say (the registry's first: the dice game). */
export const DEFAULT_GAME = "dice";

export interface TableSetup {
  /** The game (a module id), default DEFAULT_GAME. */
  game?: string;
  seats: number;
  /** Fill the empty seats with server bots (default: no). */
  fillBots?: boolean;
  botKind?: BotKind;
  turnSeconds?: number;
}

/**
 * `request()`, sent again after the wait a RATE_LIMITED refusal of at most a second names (the socket's
 * frame budget: a seat's client that just played a burst of commands), at most 5 times. The SDK fails a
 * refused request at once and leaves this to its caller; the refused frame did nothing. Longer waits
 * (a per-client budget) and every other error are thrown.
 */
export async function paced<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const wait = error instanceof ClientError && error.code === "RATE_LIMITED" ? error.retryAfterMs : undefined;
      if (wait === undefined || wait > 1_000 || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/**
 * `players[0]` creates a table, the others join and say ready, the host fills the rest with bots if
 * asked and starts. Resolves once every player's client holds the game's first view.
 */
export async function startTable(players: Player[], setup: TableSetup): Promise<{ code: string; gameId: string; table: TableView }> {
  const [host, ...others] = players;
  if (!host) throw new Error("startTable: no player");
  const created = await paced(() => host.client.createTable({ game: setup.game ?? DEFAULT_GAME, seats: setup.seats, botKind: setup.botKind ?? "heuristic", turnSeconds: setup.turnSeconds ?? 600 }));
  for (const p of others) await paced(() => p.client.joinTable(created.code));
  for (const p of others) await paced(() => p.client.setReady(created.code, true));
  if (setup.fillBots) await paced(() => host.client.fillBots(created.code));
  const table = await paced(() => host.client.startGame(created.code));
  const gameId = table.gameId;
  if (!gameId) throw new Error(`table ${created.code} started without a game id: ${JSON.stringify(table)}`);
  await Promise.all(players.map((p) => p.client.waitFor((_view, id) => id === gameId, 20_000)));
  return { code: created.code, gameId, table };
}

/** A command as it goes on the wire: the rules' command without `by` (the server adds it). */
export function wire(command: CommandBase): GameCommand {
  const { by: _by, ...rest } = command;
  return gameCommand.parse(rest);
}

/** The command `bot` chooses for `me` from `view` (which must wait for `me`), as sent on the wire. */
export function chooseFor(bot: Bot<unknown, CommandBase>, view: GameView, me: string): GameCommand {
  return wire(bot.choose(view, me));
}

/** One acknowledged command of a seat. */
export interface Acked {
  gameId: string;
  id: string;
  seq: number;
  by: string;
  command: GameCommand;
}

export interface Seat<V extends GameView = GameView> {
  /** Resolves with the final view once the game is over (rejects on a failure of the loop). */
  readonly done: Promise<V>;
  /** Every ack this seat received, in order. */
  readonly acks: Acked[];
  /** Commands the server refused (code and message). */
  readonly refusals: { code: string; message: string; command: GameCommand }[];
  /** Commands sent and not answered yet. */
  readonly inFlight: ReadonlyMap<string, GameCommand>;
  /** Every command sent, in order. */
  readonly sent: GameCommand[];
  /** Looks at the view again (after a script's condition changed outside the game). */
  poke(): void;
  /** Holds the seat: it acts no more until `resume()` (a command already sent stays sent). */
  pause(): void;
  resume(): void;
  stop(): void;
}

export interface SeatOptions<V extends GameView = GameView> {
  kind?: BotKind;
  seed?: number;
  /** Wait this long before each command (default 0), as a person thinks. */
  thinkMs?: number;
  /**
   * Chooses instead of the bot when it answers a command; `bot` lets the bot choose, `skip` sends
   * nothing (the seat waits: its timer may run out).
   */
  script?: (view: V, me: string) => GameCommand | "bot" | "skip";
  /** Called just before a command is sent. */
  beforeSend?: (view: V, command: GameCommand, id: string) => void;
  /** Called right after `client.send` was called (the frame is written or queued). */
  afterSend?: (view: V, command: GameCommand, id: string) => void;
  /** Awaited after each accepted command, before the seat acts again. */
  afterAck?: (command: GameCommand) => Promise<void>;
  /** How long to wait for game over before failing (default 120 s). */
  timeoutMs?: number;
}

const RACE_CODES = new Set(["NOT_YOUR_TURN", "WRONG_PHASE"]);

/**
 * Plays `player`'s seat in `gameId` with a bot of the game's module that sees only the player's own
 * view: whenever the view waits for the player and nothing is in flight, the bot (or `script`) chooses
 * and the client sends, until the view waits for nobody (game over). A TIMEOUT sends the same command
 * again with the same id (its fate is unknown: exactly once makes that safe).
 */
export function playSeat<V extends GameView = GameView>(player: Player, gameId: string, options: SeatOptions<V> = {}): Seat<V> {
  let bot: Bot<unknown, CommandBase> | null = null;
  const me = player.id;
  const acks: Acked[] = [];
  const refusals: { code: string; message: string; command: GameCommand }[] = [];
  const inFlight = new Map<string, GameCommand>();
  const sent: GameCommand[] = [];
  let busy = false;
  let paused = false;
  let stopped = false;
  let finish!: (view: V) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<V>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const timeoutMs = options.timeoutMs ?? 120_000;
  const timer = setTimeout(() => {
    const view = player.client.view(gameId);
    fail(new Error(`player ${player.guest.player.name}: game ${gameId} not over within ${timeoutMs} ms (seq ${player.client.lastSeq(gameId)}, waiting for ${view?.waitingFor}, me ${me})`));
  }, timeoutMs);

  const end = (view: V) => {
    clearTimeout(timer);
    off();
    finish(view);
  };

  async function sendUntilAnswered(command: GameCommand, id: string): Promise<CommandResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await player.client.send(gameId, command, { id });
      } catch (error) {
        if (error instanceof ClientError && error.code === "TIMEOUT" && attempt < 5 && !stopped) continue;
        throw error;
      }
    }
  }

  function tick(): void {
    if (busy || paused || stopped) return;
    const state = player.client.game(gameId);
    if (!state) return;
    const view = state.view as V;
    if (view.waitingFor.length === 0) return end(view);
    if (!view.waitingFor.includes(me)) return;
    bot ??= gameById(state.game).bots[options.kind ?? "heuristic"](options.seed ?? 1) as Bot<unknown, CommandBase>;
    busy = true;
    void act(view).then(
      (acted) => {
        busy = false;
        // After a skip, wait for the next change of the view (or a poke): ticking at once would spin.
        if (acted) tick();
      },
      (error: unknown) => {
        busy = false;
        // A stopped seat's command in flight fails when its client closes (CLOSED): expected, not a failure.
        if (stopped) return;
        stopped = true;
        clearTimeout(timer);
        off();
        fail(error);
      },
    );
  }

  /** Sends the seat's command for `view`; false when it sent nothing (the script skipped). */
  async function act(view: V): Promise<boolean> {
    if (options.thinkMs) await new Promise((r) => setTimeout(r, options.thinkMs));
    if (stopped) return true;
    const now = player.client.view(gameId);
    if (!now || now.stateId !== view.stateId || paused) return true; // the game moved on (or the seat paused) meanwhile
    const scripted = options.script?.(view, me) ?? "bot";
    if (scripted === "skip") return false;
    const command = scripted === "bot" ? chooseFor(bot!, view, me) : scripted;
    const id = newCommandId();
    options.beforeSend?.(view, command, id);
    inFlight.set(id, command);
    sent.push(command);
    const sending = sendUntilAnswered(command, id);
    options.afterSend?.(view, command, id);
    try {
      const result = await sending;
      acks.push({ gameId, id, seq: result.seq, by: me, command });
      if (options.afterAck) await options.afterAck(command);
    } catch (error) {
      // The server's own bot may have played for this seat meanwhile (the player was away): a race,
      // not a failure. Anything else is.
      if (error instanceof ClientError && RACE_CODES.has(error.code)) refusals.push({ code: error.code, message: error.message, command });
      else throw error;
    } finally {
      inFlight.delete(id);
    }
    return true;
  }

  const off = player.client.on("state", (id) => {
    if (id === gameId) queueMicrotask(tick);
  });
  queueMicrotask(tick);
  return {
    done,
    acks,
    refusals,
    inFlight,
    sent,
    poke: () => queueMicrotask(tick),
    pause: () => (paused = true),
    resume() {
      paused = false;
      queueMicrotask(tick);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      off();
    },
  };
}

/** GET (or POST) JSON over HTTP: the status and the parsed body. */
export async function http(url: string, init: { method?: string; token?: string; body?: string; contentType?: string } = {}): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = init.contentType ?? "application/json";
  const response = await fetch(url, { method: init.method ?? "GET", headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

/** A replay as the server's GET /api/games/:id/replay returns it (checked loosely: tests assert on it). */
export interface ReplayBody<V extends GameView = GameView> {
  gameId: string;
  game: string;
  status: string;
  at: number;
  lastSeq: number;
  seed: number | string | null;
  entries: { seq: number; by: string; command: GameCommand; at: string | null }[];
  view: V;
}

/** GET /api/games/:id/replay (`at` optional) with `token`; throws unless 200. */
export async function replayOf<V extends GameView = GameView>(url: string, gameId: string, token: string, at?: number): Promise<ReplayBody<V>> {
  const query = at === undefined ? "" : `?at=${at}`;
  const { status, body } = await http(`${url}/api/games/${encodeURIComponent(gameId)}/replay${query}`, { token });
  if (status !== 200) throw new Error(`replay of ${gameId} answered ${status}: ${JSON.stringify(body)}`);
  return body as ReplayBody<V>;
}

/** A game as GET /api/games lists it. */
export interface ListedGame {
  id: string;
  game: string;
  status: "running" | "finished" | "abandoned";
  tableCode: string | null;
  players: { seat: number; name: string; bot: string | null }[];
  lastSeq: number;
  createdAt: string;
  finishedAt: string | null;
  winner: { team: string; players: string[] } | null;
}

export async function listGames(url: string, query = ""): Promise<ListedGame[]> {
  const { status, body } = await http(`${url}/api/games${query}`);
  if (status !== 200) throw new Error(`GET /api/games${query} answered ${status}: ${JSON.stringify(body)}`);
  return body as ListedGame[];
}

/**
 * The winner the dice game's rules give for its final view (all roles are shown at game over, R6): an
 * oracle for tests.
 */
export function expectedWinner(view: PlayerView): { team: string; players: string[] } | null {
  const players = view.players;
  const sheriff = players.find((p) => p.role === "sheriff");
  const living = players.filter((p) => p.alive);
  const ids = (roles: string[]) => players.filter((p) => p.role !== null && roles.includes(p.role)).map((p) => p.id);
  if (!sheriff || !sheriff.alive) {
    if (living.length === 1 && living[0]!.role === "renegade") return { team: "renegade", players: [living[0]!.id] };
    return { team: "outlaws", players: ids(["outlaw"]) };
  }
  if (living.every((p) => p.role === "sheriff" || p.role === "deputy")) return { team: "law", players: ids(["sheriff", "deputy"]) };
  return null;
}

/** Closes clients, ignoring failures (afterAll). */
export async function closeAll(players: Iterable<Player>): Promise<void> {
  await Promise.all([...players].map((p) => p.client.close().catch(() => undefined)));
}

/** Resolves with the presence of `gameId` that `player` holds now, or receives next, that passes `test`; rejects after `timeoutMs`. */
export function presenceWhere(player: Player, gameId: string, test: (p: PresenceMessage) => boolean, timeoutMs = 30_000): Promise<PresenceMessage> {
  const now = player.client.presenceOf(gameId);
  if (now && test(now)) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no such presence within ${timeoutMs} ms (last: ${JSON.stringify(player.client.presenceOf(gameId))})`));
    }, timeoutMs);
    const off = player.client.on("presence", (p) => {
      if (p.gameId !== gameId || !test(p)) return;
      clearTimeout(timer);
      off();
      resolve(p);
    });
  });
}
