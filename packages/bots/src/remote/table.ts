import { ClientError, connect, createGuest, newCommandId, type BangClient, type ClientOptions, type GameState } from "@bang/client";
import { COMMON_REFUSALS, type AnyGameModule, type Bot, type BotKind, type CommandBase, type PlayerId } from "@bang/game-core";
import { gameById, UnknownGameError } from "@bang/games";
import type { GameCommand, GameView, WireServerMessage } from "@bang/protocol";
import { nodeFetch } from "./http-fetch.js";
import { SeatWait } from "./seat-wait.js";
import { tappedWebSocket, webSocketClass } from "./tap.js";
import { thinkingOptions, thinkPauses } from "./think.js";

/** Seeds a seat's pauses apart from its bot's choices (same table seed, other stream). */
const THINK_SEED_SALT = 0x5eed;

/** Options of {@link playRemoteTable}. */
export interface RemoteTableOptions {
  /** The server's HTTP base URL (`http://127.0.0.1:8080`). */
  url: string;
  /**
   * The game to play: a module's id of the registry (@bang/games). The clients' bots are its module's
   * (`gameById(game).bots`), so it must be a game of this process's registry as well as of the server.
   */
  game: string;
  /** Seats at the table, within the game's range (default: its smallest ranked table, see defaultPlayers). */
  players?: number;
  /** Seats played by this driver's clients, 1 to `players` (default: every seat); the server's bots play the rest. */
  humans?: number;
  /** Kind of the clients' bots and of the server's bot seats (default heuristic). */
  botKind?: BotKind;
  /** The bot of seat i (0-based) is seeded with `seed + i` (default 1). The deal itself is the server's. */
  seed?: number;
  /** The table's turn timer, in seconds (5 to 600, default 60). */
  turnSeconds?: number;
  /**
   * How long a request or a command waits for its answer, in ms (default 30 000); also the base of the
   * stall detection: a game that shows no new state for `turnSeconds` s + this fails with STALLED.
   */
  commandTimeoutMs?: number;
  /**
   * Called with every valid server message each client receives (welcome, ok, table, snapshot, event,
   * ack, error, pong: the raw frames, tapped under the SDK: an event may carry its view's changes
   * rather than its view), with the player id of that client. A throw fails the table with that very
   * error (tests assert in it).
   */
  onMessage?: (playerId: PlayerId, message: WireServerMessage) => void;
  /** How long each client thinks before each decision, in ms on average (default 0; the load generator's pace). */
  thinkMs?: number;
  /**
   * How much each pause varies around `thinkMs`: uniform in thinkMs × [1 - j, 1 + j], seeded per seat
   * (0 to 1, default 0.5; see thinkPauses).
   */
  thinkJitter?: number;
  /**
   * Called as each command of these clients completes (its ack and its event in), with its latency in
   * ms and when it was sent (`performance.now()` of this process): a benchmark's latency over time.
   * A throw fails the table with that very error.
   */
  onLatency?: (latencyMs: number, sentAtMs: number) => void;
  /** More options of every client (reconnect, heartbeat, WebSocket class...). */
  clientOptions?: Omit<ClientOptions, "url" | "token">;
}

/** What a table played by {@link playRemoteTable} came to. */
export interface RemoteTableResult {
  /** The game played (its module's id). */
  game: string;
  gameId: string;
  tableCode: string;
  /** The game's last sequence number (its number of accepted commands, the server's bots' included). */
  seq: number;
  /** Commands accepted from this driver's clients. */
  commands: number;
  /** Per command of these clients: ms from `send` to the later of its ack and its event. */
  latenciesMs: number[];
  /** The final view of each client's player (the game's own view: cast it to the game's type). */
  views: Map<PlayerId, GameView>;
  /** From the first guest created to the last view, in ms. */
  elapsedMs: number;
}

/**
 * Why a remote table failed: a stable `code` (the server's refusal code, a client code such as TIMEOUT
 * or CLOSED, or STALLED when the game stopped moving) and the player whose client failed, if one did.
 */
export class RemoteTableError extends Error {
  override readonly name = "RemoteTableError";

  constructor(
    readonly code: string,
    message: string,
    readonly playerId?: PlayerId,
  ) {
    super(message);
  }
}

/** Defaults of {@link RemoteTableOptions} (the seats depend on the game: see defaultPlayers). */
export const REMOTE_TABLE_DEFAULTS = { botKind: "heuristic", seed: 1, turnSeconds: 60, commandTimeoutMs: 30_000 } as const;

/** The seats of a table when none are given: the game's smallest ranked table (its standard form), else its smallest. */
export function defaultPlayers(module: Pick<AnyGameModule, "seats" | "rankedSeats">): number {
  return (module.rankedSeats ?? module.seats).min;
}

/**
 * The module of game `game` for the load generator `who`: a RangeError naming `game` and the games
 * there are when the registry has none (thrown before any connection).
 */
export function gameModuleOf(who: string, game: string): AnyGameModule {
  try {
    return gameById(game);
  } catch (error) {
    if (error instanceof UnknownGameError) throw new RangeError(`${who}: game: ${error.message}`);
    throw error;
  }
}

/** Refusals of one decision in a row (each after the view moved on) before the driver gives up. */
const MAX_REFUSALS = 5;
/** Times a command is sent again (same id) after TIMEOUT, RATE_LIMITED or RETRY. */
const MAX_RESENDS = 5;
/** Longest wait for the view to move on after a refusal (a race), in ms. */
const RACE_WAIT_MS = 5_000;

const RESEND_CODES: ReadonlySet<string> = new Set(["TIMEOUT", "RATE_LIMITED", "RETRY"]);
/** SDK `error` events that do not fail a table: a server going away is met by the SDK's reconnect. */
const TOLERATED_CLIENT_ERRORS: ReadonlySet<string> = new Set(["SHUTTING_DOWN"]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A bot's command as it goes on the wire, without `by`: the server knows who sends it. */
export function wireCommand(command: CommandBase): GameCommand {
  const { by: _by, ...wire } = command;
  return wire;
}

function integer(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`playRemoteTable: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

/** Awaits every promise; rejects with the first failure only once all have settled. */
async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

interface SeatTimings {
  /** No new state for this long: the game is stalled. */
  stallMs: number;
  raceWaitMs: number;
  /** Mean pause before each decision, in ms (0: play at once). */
  thinkMs: number;
  /** The refusal codes of the game's rules (common and its own): a refusal with one is a race or a bot's bug, not the server's. */
  ruleCodes: ReadonlySet<string>;
}

/** What a seat's waits wait for, named in their STALLED error (module functions: no closure per wait). */
const firstView = (): string => "the game's first view";
const stateAfter = (seq: number): string => `a state past seq ${seq - 1}`;
const stateAfterLast = (seq: number): string => `a state past seq ${seq}`;
const eventOf = (seq: number): string => `the event of seq ${seq}`;

/** One client playing its own seat with its own bot, from its own view only. */
class RemoteSeat {
  commands = 0;
  /** Waits for the game's states: one listener and one re-armed stall timer for the seat's life. */
  private readonly waits: SeatWait;

  constructor(
    private readonly client: BangClient,
    readonly me: PlayerId,
    private readonly gameId: string,
    private readonly bot: Bot<GameView, CommandBase>,
    private readonly timings: SeatTimings,
    private readonly latencies: number[],
    /** The next thinking pause, in ms (see thinkPauses). */
    private readonly pause: () => number,
    private readonly onLatency?: (latencyMs: number, sentAtMs: number) => void,
  ) {
    this.waits = new SeatWait(client, gameId, timings.stallMs, (what, timeoutMs) => this.stalled(what, timeoutMs));
  }

  /** A wait that timed out: STALLED, with the seq the client is at. */
  private stalled(what: string, timeoutMs: number): RemoteTableError {
    return new RemoteTableError("STALLED", `${this.me} waited ${timeoutMs} ms for ${what} (last seq ${this.client.lastSeq(this.gameId) ?? "none"})`, this.me);
  }

  /**
   * Plays every decision of this seat until the game is over (nobody to wait for); resolves with the
   * final view. Its waits end with it (listeners and timer gone), failure or not.
   */
  async play(): Promise<GameView> {
    try {
      return await this.decide();
    } finally {
      this.waits.close();
    }
  }

  private async decide(): Promise<GameView> {
    await this.waits.until(0, firstView);
    let refusals = 0;
    for (;;) {
      // The latest view: several frames may have been applied since the wait resolved.
      const { view, seq } = this.current();
      if (view.waitingFor.length === 0) return view;
      if (!view.waitingFor.includes(this.me)) {
        // Until the view waits for this seat or for nobody: the states between wake no one up.
        await this.waits.untilTurn(this.me, stateAfterLast);
        continue;
      }
      if (this.timings.thinkMs > 0 && refusals === 0) {
        // A person thinks before each decision (the load generator's realistic pace).
        await sleep(this.pause());
        if (this.current().seq !== seq) continue;
      }
      const outcome = await this.act(view);
      if (outcome.ok) {
        refusals = 0;
        continue;
      }
      // Refused. A race (the view moved on: the turn timer played for us, say) is met with a fresh
      // view; a refusal of the current view is a bug of the bot, the rules or the server.
      const what = `${this.bot.kind} bot of ${this.me} sent ${JSON.stringify(outcome.command)} at seq ${seq}: refused ${outcome.code}: ${outcome.message}`;
      if (++refusals > MAX_REFUSALS) throw new RemoteTableError(outcome.code, `${what} (${refusals} refusals in a row)`, this.me);
      try {
        await this.waits.until(seq + 1, stateAfter, this.timings.raceWaitMs);
      } catch (error) {
        if (error instanceof RemoteTableError && error.code === "STALLED") throw new RemoteTableError(outcome.code, `${what}, and the view did not move on`, this.me);
        throw error;
      }
    }
  }

  /** The client's latest state of the game (its view and seq). */
  private current(): GameState {
    const state = this.client.game(this.gameId);
    if (!state) throw new RemoteTableError("GAME_NOT_FOUND", `${this.me}'s client no longer follows game ${this.gameId}`, this.me);
    return state;
  }

  /** Chooses from `view` and sends; resolves once the command's event is in (or with the refusal). */
  private async act(view: GameView): Promise<{ ok: true } | { ok: false; code: string; message: string; command: GameCommand }> {
    const command = wireCommand(this.bot.choose(view, this.me));
    const id = newCommandId();
    const sentAt = performance.now();
    for (let resends = 0; ; resends++) {
      try {
        const ack = await this.client.send(this.gameId, command, { id });
        await this.waits.until(ack.seq, eventOf);
        const latency = performance.now() - sentAt;
        this.latencies.push(latency);
        this.onLatency?.(latency, sentAt);
        this.commands++;
        return { ok: true };
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        if (RESEND_CODES.has(error.code) && resends < MAX_RESENDS) {
          // Same id: the server applies it once, and answers again what it answered.
          await sleep(error.code === "TIMEOUT" ? 0 : 50 * 2 ** resends);
          continue;
        }
        if (this.timings.ruleCodes.has(error.code)) return { ok: false, code: error.code, message: error.message, command };
        throw new RemoteTableError(error.code, `${this.me} sent ${JSON.stringify(command)}: ${error.code}: ${error.message}`, this.me);
      }
    }
  }
}

/**
 * Plays one private table of game `game` over the network through @bang/client, every client choosing
 * only from its own view. `humans` guests (named bot1, bot2, ...) connect one client each; the first
 * creates a table of `players` seats (options `{ game, seats, botKind, turnSeconds }`) and the others
 * join it; everyone says ready; the host fills the other seats with the server's bots (when humans <
 * players) and starts. Each client then plays its seat with the game module's bot
 * `bots[botKind](seed + seat)` whenever its view waits for it (its `waitingFor` names it), until the
 * game is over (a view that waits for nobody). Several clients may be awaited at once (a simultaneous
 * secret choice). Clients are closed at the end, failure or not.
 *
 * A refused command is a bug unless it is a race (the view moved on meanwhile): it is chosen again from
 * a fresh view, up to 5 times in a row, then the table fails. A command that times out, is rate
 * limited or answered RETRY is sent again with the same id (exactly once on the server).
 *
 * Throws a RangeError, before any connection, for a game this process's registry does not have (naming
 * `game`) or options out of range (seats outside the game's range, humans, seed, turnSeconds, thinking).
 * Rejects with a RemoteTableError (or the SDK's ClientError during the setup, or what `onMessage`
 * threw).
 */
export async function playRemoteTable(options: RemoteTableOptions): Promise<RemoteTableResult> {
  const module = gameModuleOf("playRemoteTable", options.game);
  const players = integer("players", options.players ?? defaultPlayers(module), module.seats.min, module.seats.max);
  const humans = integer("humans", options.humans ?? players, 1, players);
  const botKind = options.botKind ?? REMOTE_TABLE_DEFAULTS.botKind;
  const seed = integer("seed", options.seed ?? REMOTE_TABLE_DEFAULTS.seed, -(2 ** 31), 2 ** 31 - 1);
  const turnSeconds = integer("turnSeconds", options.turnSeconds ?? REMOTE_TABLE_DEFAULTS.turnSeconds, 5, 600);
  const commandTimeoutMs = options.commandTimeoutMs ?? REMOTE_TABLE_DEFAULTS.commandTimeoutMs;
  if (!(commandTimeoutMs > 0)) throw new RangeError(`playRemoteTable: commandTimeoutMs must be positive, got ${commandTimeoutMs}`);
  const { url, onMessage, onLatency, clientOptions = {} } = options;
  const { thinkMs, thinkJitter } = thinkingOptions("playRemoteTable", options.thinkMs, options.thinkJitter);
  const timings: SeatTimings = {
    stallMs: turnSeconds * 1000 + commandTimeoutMs + Math.ceil(thinkMs * (1 + thinkJitter)),
    raceWaitMs: Math.min(RACE_WAIT_MS, commandTimeoutMs),
    thinkMs,
    ruleCodes: new Set([...COMMON_REFUSALS, ...module.refusals]),
  };

  const started = performance.now();
  const clients: BangClient[] = [];
  /** The first failure (at most one): it wins over the CLOSED errors that closing the clients causes. */
  const failures: { error: unknown }[] = [];
  const fail = (error: unknown): void => {
    if (failures.length > 0) return;
    failures.push({ error });
    for (const c of clients) void c.close();
  };

  try {
    // Guests over node:http rather than the global fetch: the same requests, half the client's CPU (http-fetch.ts).
    const guests = await settleAll(Array.from({ length: humans }, (_, i) => createGuest(url, `bot${i + 1}`, { fetch: nodeFetch })));
    const Socket = onMessage ? await webSocketClass(clientOptions.WebSocket) : undefined;
    const connected = await Promise.allSettled(
      guests.map(({ token, player }) => {
        const tap =
          onMessage && Socket
            ? tappedWebSocket((message) => {
                try {
                  onMessage(player.id, message);
                } catch (error) {
                  fail(error);
                }
              }, Socket)
            : clientOptions.WebSocket;
        return connect({ ...clientOptions, url, token, requestTimeoutMs: clientOptions.requestTimeoutMs ?? commandTimeoutMs, ...(tap ? { WebSocket: tap } : {}) });
      }),
    );
    for (const c of connected) if (c.status === "fulfilled") clients.push(c.value);
    const refused = connected.find((c): c is PromiseRejectedResult => c.status === "rejected");
    if (refused) throw refused.reason;
    clients.forEach((client, i) =>
      client.on("error", (error) => {
        if (!TOLERATED_CLIENT_ERRORS.has(error.code)) fail(new RemoteTableError(error.code, `client of ${guests[i]!.player.id}: ${error.message}`, guests[i]!.player.id));
      }),
    );

    const [host, ...others] = clients as [BangClient, ...BangClient[]];
    const { code } = await host.createTable({ game: module.id, seats: players, botKind, turnSeconds });
    for (const c of others) await c.joinTable(code); // one by one: seats follow the guests' order
    await settleAll(clients.map((c) => c.setReady(code, true)));
    if (humans < players) await host.fillBots(code);
    const table = await host.startGame(code);
    const gameId = table.gameId;
    if (!gameId) throw new RemoteTableError("BAD_RESPONSE", `table ${code} started without a game id`);

    const latenciesMs: number[] = [];
    const seats = clients.map((client, i) => {
      const me = guests[i]!.player.id;
      const seat = table.seats.findIndex((s) => s.playerId === me);
      if (seat < 0) throw new RemoteTableError("NOT_SEATED", `${me} has no seat at table ${code}`, me);
      return new RemoteSeat(client, me, gameId, module.bots[botKind]((seed + seat) | 0), timings, latenciesMs, thinkPauses(thinkMs, thinkJitter, (seed + seat) ^ THINK_SEED_SALT), onLatency);
    });
    let views: GameView[];
    try {
      views = await Promise.all(
        seats.map((s) =>
          s.play().catch((error: unknown) => {
            fail(error);
            throw error;
          }),
        ),
      );
    } catch (error) {
      throw failures[0] ? failures[0].error : error;
    }
    if (failures[0]) throw failures[0].error;
    return {
      game: module.id,
      gameId,
      tableCode: code,
      seq: Math.max(...clients.map((c) => c.lastSeq(gameId) ?? 0)),
      commands: seats.reduce((n, s) => n + s.commands, 0),
      latenciesMs,
      views: new Map(seats.map((s, i) => [s.me, views[i]!])),
      elapsedMs: performance.now() - started,
    };
  } catch (error) {
    throw failures[0] ? failures[0].error : error;
  } finally {
    await Promise.allSettled(clients.map((c) => c.close()));
  }
}
