/**
 * `bang play --server URL` and the games of `bang queue`: the person plays a real game on a game server,
 * whatever the game, with the display and the prompts of a local game (HumanSeat and the game's face,
 * looked up by the game id the server's messages carry). The server decides: commands go out through
 * the client SDK, and the table is shown from the views and events it sends back. Players appear under
 * their seat ids p1..pN (SeatAliases), as in a local game.
 */
import { ClientError, connect, createGuest, type BangClient, type EventMessage, type SnapshotMessage } from "@bang/client";
import type { BotKind, CommandBase, PlayerId, ViewBase } from "@bang/game-core";
import { gameUi } from "../games/registry.js";
import { EXIT } from "../args.js";
import { SeatAliases } from "./aliases.js";
import { columns } from "./text.js";
import type { AnyGameUi } from "./game-ui.js";
import type { LineReader } from "./input.js";
import { HumanSeat, type Rejection, type ViewUpdates } from "./seat.js";

type TableView = Awaited<ReturnType<BangClient["createTable"]>>;
type WireCommand = Parameters<BangClient["send"]>[1];

export interface OnlineOptions {
  /** The server's HTTP base URL. */
  url: string;
  /** The guest's name. */
  name: string;
  /** The game of a new table (ignored with `code`: the host chose it). */
  game: string;
  /** Seats of a new table (ignored with `code`). */
  players: number;
  /** Kind of the server's bots filling the empty seats. */
  bots: BotKind;
  /** Join this table instead of creating one. */
  code: string | null;
  /** The host waits for Enter before filling the empty seats and starting (others may join meanwhile). */
  wait: boolean;
}

export interface OnlineIo {
  say(text: string): void;
  reader: LineReader;
}

/** How long one wait for the server lasts before it is simply started again, in ms. */
const WAIT_SLICE_MS = 60_000;
/** How long a refusal waits for the view to move on before calling it a plain refusal, in ms. */
const RACE_WAIT_MS = 1_000;

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);

/** A command as it goes on the wire: the server knows who sends it. */
export function wireCommand(command: CommandBase): WireCommand {
  const { by: _by, ...wire } = command;
  return wire;
}

/** Plays one game on the server; the exit code. A ClientError (server refusal, network) is thrown. */
export async function playOnline(options: OnlineOptions, io: OnlineIo): Promise<number> {
  const { url, name } = options;
  const { say, reader } = io;
  const guest = await createGuest(url, name);
  const me = guest.player.id;
  const client = await connect({ url, token: guest.token });
  const unwatch = watchConnection(client, say);
  client.on("error", (error) => process.stderr.write(`bang play: warning: ${error.code}: ${error.message}\n`));
  try {
    const code = options.code ?? (await client.createTable({ game: options.game, seats: options.players, botKind: options.bots })).code;
    const story = new Narrator(client, tableSource(client, code), me, url, say);
    if (options.code !== null) {
      const joined = await client.joinTable(code);
      await client.setReady(code, true);
      const seat = joined.seats.findIndex((s) => s.playerId === me) + 1;
      say(`You sit at table ${code} (${gameUi(joined.options.game).name}), seat ${seat} of ${joined.seats.length}. Waiting for the host to start the game...`);
      client.on("table", (t) => t.code === code && t.status === "open" && say(seatsLine(t, me)));
    } else if (options.wait) {
      if (!(await lobby(client, code, me, url, io))) return EXIT.ok;
    } else {
      await client.fillBots(code);
      await client.startGame(code);
    }
    const gameId = await Promise.race([gameOf(client, code), reader.ended.then(() => null)]);
    if (gameId === null) {
      await client.leaveTable(code).catch(() => undefined);
      say("Input closed: you left the table before its game started.");
      return EXIT.ok;
    }
    return await new OnlineGame(client, gameId, me, story, reader, say).play();
  } finally {
    unwatch();
    await client.close();
  }
}

/** Prints the connection's drops and returns; the SDK reconnects by itself and resumes the game. */
function watchConnection(client: BangClient, say: (text: string) => void): () => void {
  let lost = false;
  return client.on("connection", (status, detail) => {
    if (status === "reconnecting") {
      const why = detail.code === undefined ? "" : ` (close ${detail.code}${detail.reason ? `: ${detail.reason}` : ""})`;
      say(lost ? `Still no server; reconnecting in ${seconds(detail.delayMs)} s (attempt ${detail.attempt})...` : `Connection to the server lost${why}; reconnecting in ${seconds(detail.delayMs)} s...`);
      lost = true;
    } else if (status === "connected" && lost) {
      lost = false;
      say("Reconnected.");
    }
  });
}

/** `Table ABC123 (open): 1) alice (you, ready)  2) bob  3) empty ...`. */
function seatsLine(table: TableView, me: PlayerId): string {
  const seats = table.seats.map((s) => {
    const who = s.bot ? `${s.name ?? "bot"} (${s.bot} bot)` : s.playerId === null ? "empty" : `${s.name ?? "?"}${s.playerId === me ? " (you)" : ""}${s.ready ? " ready" : ""}`;
    return `${s.index + 1}) ${who}`;
  });
  return `Table ${table.code} (${table.status}): ${seats.join("  ")}`;
}

/**
 * The host's lobby with --wait: shows the code to share, then waits for Enter to fill the empty seats
 * with bots and start. False when the person left instead.
 */
async function lobby(client: BangClient, code: string, me: PlayerId, url: string, io: OnlineIo): Promise<boolean> {
  const { say, reader } = io;
  say(`You host table ${code}. Others join it with: bang play --server ${url} --code ${code}`);
  say("Enter fills the empty seats with bots and starts the game; `table` shows the seats; `quit` leaves.");
  const off = client.on("table", (t) => t.code === code && t.status === "open" && say(seatsLine(t, me)));
  try {
    for (;;) {
      const line = await reader.ask("start> ");
      const text = line?.trim().toLowerCase() ?? null;
      if (text === null || text === "quit" || text === "q") {
        await client.leaveTable(code).catch(() => undefined);
        say(`${text === null ? "Input closed: you" : "You"} left table ${code}.`);
        return false;
      }
      const table = client.table(code);
      if (text === "table" || text === "t") {
        if (table) say(seatsLine(table, me));
        continue;
      }
      try {
        if (table?.seats.some((s) => s.playerId === null && s.bot === null)) await client.fillBots(code);
        await client.startGame(code);
        return true;
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        say(`${error.code}: ${error.message}`);
      }
    }
  } finally {
    off();
  }
}

/** The id of the game of table `code`, once it started (the host's start, or the `table` push). */
function gameOf(client: BangClient, code: string): Promise<string> {
  return new Promise((resolve) => {
    const check = (table: TableView) => {
      if (table.code !== code || !table.gameId) return;
      off();
      resolve(table.gameId);
    };
    const off = client.on("table", check);
    const known = client.table(code);
    if (known) check(known);
  });
}

/**
 * Tells the game as it comes: the introduction at its first view, then the lines of every event, in the
 * words of the game's face (known from the game id of its first message). It listens from before the
 * game starts (events may come right behind the start), and knows the game by its source, whose push
 * precedes the game's first message.
 */
export class Narrator {
  private aliases: SeatAliases | null = null;
  private face: AnyGameUi | null = null;
  /** The seq of the last view told. */
  private told = 0;

  constructor(
    private readonly client: BangClient,
    private readonly source: GameSource,
    private readonly me: PlayerId,
    private readonly url: string,
    private readonly say: (text: string) => void,
  ) {
    client.on("snapshot", (m) => this.mine(m) && this.catchUp(m));
    client.on("event", (m) => this.mine(m) && this.tell(m));
  }

  private mine(message: EventMessage | SnapshotMessage): boolean {
    return message.gameId === this.source.gameId();
  }

  /** The seat aliases of the game (from its first view). */
  get seats(): SeatAliases {
    if (!this.aliases) throw new Error("the game has not started");
    return this.aliases;
  }

  /** The face of the game (from its first message). */
  get ui(): AnyGameUi {
    if (!this.face) throw new Error("the game has not started");
    return this.face;
  }

  /** Introduces game `game`, once: where it comes from, the seats with their names, the person's seat. */
  begin(game: string, view: ViewBase): void {
    if (this.aliases) return;
    const ui = (this.face = gameUi(game));
    const ids = ui.seats(view);
    const aliases = (this.aliases = new SeatAliases(ids));
    const seats = ids.map((id, i) => this.source.seat(id, i));
    const bots = seats.filter((s) => s.bot !== null).length;
    const rows = ids.map((id, i) => {
      const seat = seats[i]!;
      const who = seat.bot ? `${seat.name} (${seat.bot} bot)` : seat.name;
      return [aliases.seat(id), `${who}${id === this.me ? " (you)" : ""}`];
    });
    this.say(`${ui.name} on ${this.url}, ${this.source.label}: ${ids.length} players, ${bots} of them the server's bots. You are ${aliases.seat(this.me)}.`);
    this.say(["Seats:", ...columns(rows)].join("\n"));
  }

  /** A whole view: the first one begins the game; a later one skips what was missed (after a drop). */
  private catchUp(message: SnapshotMessage): void {
    const first = this.aliases === null;
    this.begin(message.game, message.view);
    if (!first && message.seq > this.told) this.say("(Back in the game: the moves made meanwhile are not shown.)");
    this.told = Math.max(this.told, message.seq);
  }

  private tell(message: EventMessage): void {
    this.begin(message.game, message.view);
    this.told = message.seq;
    const local = this.seats.local(message);
    for (const line of this.ui.describeEvents(local.events, local.view)) this.say(line);
  }
}

/** Where a narrated game comes from: its id once known, a label, and who holds each seat. */
export interface GameSource {
  gameId(): string | null | undefined;
  /** "table ABC123", "queue ID". */
  label: string;
  seat(playerId: PlayerId, index: number): { name: string; bot: string | null };
}

/** The game of private table `code`, as the client's copy of the table tells it. */
function tableSource(client: BangClient, code: string): GameSource {
  return {
    gameId: () => client.table(code)?.gameId,
    label: `table ${code}`,
    seat(playerId, i) {
      const table = client.table(code);
      const seat = table?.seats.find((s) => s.playerId === playerId) ?? (table?.seats[i]?.playerId === null ? table.seats[i] : undefined);
      return seat?.bot ? { name: seat.name ?? "bot", bot: seat.bot } : { name: seat?.name ?? "?", bot: null };
    },
  };
}

/** The latest state of a followed game. */
interface Progress {
  game: string;
  view: ViewBase;
  seq: number;
}

/** The person's game on the server: prompts when the game waits for them, until it is over. */
export class OnlineGame {
  constructor(
    private readonly client: BangClient,
    private readonly gameId: string,
    private readonly me: PlayerId,
    private readonly story: Narrator,
    private readonly reader: LineReader,
    private readonly say: (text: string) => void,
  ) {}

  async play(): Promise<number> {
    let state = await this.progress(() => true);
    let seat: HumanSeat | null = null;
    while (state !== null) {
      const { game, view, seq } = state;
      this.story.begin(game, view);
      const aliases = this.story.seats;
      if (!seat) {
        seat = new HumanSeat(aliases.seat(this.me), this.story.ui, this.reader, this.say);
        seat.showTable(aliases.local(view));
      }
      if (view.waitingFor.length === 0) {
        seat.gameOver(aliases.local(view));
        return EXIT.ok;
      }
      if (!view.waitingFor.includes(this.me)) {
        state = await this.progress((s) => s > seq);
        continue;
      }
      const move = await seat.humanMove(aliases.local(view), (command) => this.submit(command, seq), this.updates);
      if (move === "quit" || move === "eof") {
        this.say(`\n${move === "eof" ? "Input closed: you" : "You"} left the game before its end; the server's bot plays your seat.`);
        return EXIT.ok;
      }
      const reached = move === "stale" ? seq + 1 : move.result.seq;
      state = await this.progress((s) => s >= reached);
    }
    this.say("\nInput closed: you left the game before its end; the server's bot plays your seat.");
    return EXIT.ok;
  }

  /**
   * The person's views of this game as they come, in seat ids: the latest one at once (it may be newer
   * than the one being prompted), then every later one (events, and snapshots after a reconnect).
   */
  private readonly updates: ViewUpdates = (listener) => {
    const aliases = this.story.seats;
    const off = this.client.on("state", (gameId, view) => gameId === this.gameId && listener(aliases.local(view)));
    const now = this.client.view(this.gameId);
    if (now) listener(aliases.local(now));
    return off;
  };

  /** Sends the person's command (in seat ids) and resolves with its seq, or the refusal. */
  private async submit(command: CommandBase, seq: number): Promise<{ ok: true; seq: number } | Rejection> {
    const aliases = this.story.seats;
    try {
      const ack = await this.client.send(this.gameId, wireCommand(aliases.server(command)));
      return { ok: true, seq: ack.seq };
    } catch (error) {
      if (!(error instanceof ClientError) || error.code === "CLOSED") throw error;
      let stale = (this.client.lastSeq(this.gameId) ?? 0) > seq;
      if (!stale && (error.code === "NOT_YOUR_TURN" || error.code === "WRONG_PHASE")) {
        stale = await this.client.waitFor((_, id, s) => id === this.gameId && s > seq, RACE_WAIT_MS).then(
          () => true,
          () => false,
        );
      }
      return { ok: false, error: { code: error.code, message: aliases.text(error.message) }, stale };
    }
  }

  /**
   * The game's latest state once its seq satisfies `accept`, however long the others take (the server's
   * turn timers see to progress); null when the person closed the input meanwhile.
   */
  private async progress(accept: (seq: number) => boolean): Promise<Progress | null> {
    for (;;) {
      const next = this.client.waitFor((_, id, s) => id === this.gameId && accept(s), WAIT_SLICE_MS).then(
        (state) => ({ state }),
        (error: unknown) => ({ error }),
      );
      const outcome = await Promise.race([next, this.reader.ended.then(() => null)]);
      if (outcome === null) return null;
      // The latest view: more frames may have been applied since the wait resolved.
      if ("state" in outcome) {
        const { game, view, seq } = outcome.state;
        return { game, view: this.client.view(this.gameId) ?? view, seq: this.client.lastSeq(this.gameId) ?? seq };
      }
      if (outcome.error instanceof ClientError && outcome.error.code === "TIMEOUT") continue;
      throw outcome.error;
    }
  }
}
