/**
 * `bang play --server URL --mode duel`: a duel (RULES.md part D) on a game server as a guest. A new
 * private duel table (2 seats) is created and, unless `wait`, its other seat filled with the server's
 * bot; with `code` the person joins a duel table instead. Events are told as they come; whenever the
 * view waits for the person (their turn, or a duel pick, which the other player never sees before the
 * reveal) they type a command, sent to the server, which decides.
 */
import { ClientError, connect, createGuest, type BangClient } from "@bang/client";
import type { BotKind } from "@bang/bots";
import type { DuelCommand, DuelEvent, DuelView } from "@bang/engine";
import type { GameCommand } from "@bang/protocol";
import { EXIT } from "../args.js";
import type { LineReader } from "../input.js";
import { describeDuelEvents } from "./format.js";
import { HumanDuelSeat, type DuelRefusal } from "./human.js";

export interface OnlineDuelOptions {
  url: string;
  name: string;
  bots: BotKind;
  code: string | null;
  wait: boolean;
}

/** Plays one duel on the server; the exit code. A ClientError (server refusal, network) is thrown. */
export async function playOnlineDuel(options: OnlineDuelOptions, io: { say(text: string): void; reader: LineReader }): Promise<number> {
  const { say, reader } = io;
  const guest = await createGuest(options.url, options.name);
  const me = guest.player.id;
  const client = await connect({ url: options.url, token: guest.token });
  try {
    const code = options.code ?? (await client.createTable({ mode: "duel", seats: 2, botKind: options.bots })).code;
    if (options.code !== null) {
      await client.joinTable(code);
      await client.setReady(code, true);
      say(`You sit at duel table ${code}. Waiting for the host to start...`);
    } else if (options.wait) {
      say(`You host duel table ${code}. Your opponent joins with: bang play --server ${options.url} --mode duel --code ${code}`);
      say("Enter starts the duel (with the server's bot if nobody joined); quit leaves.");
      const line = await reader.ask("start> ");
      if (line === null || line.trim().toLowerCase() === "quit") {
        await client.leaveTable(code).catch(() => undefined);
        say("You left the table.");
        return EXIT.ok;
      }
      const table = client.table(code);
      if (table?.seats.some((s) => s.playerId === null && s.bot === null)) await client.fillBots(code);
      await client.startGame(code);
    } else {
      await client.fillBots(code);
      await client.startGame(code);
    }
    const gameId = await gameOf(client, code);
    const seats = client.table(code)?.seats ?? [];
    const label = (_id: string, seat: number) => {
      const s = seats[seat];
      return s ? (s.bot ? `${s.name ?? "bot"} (${s.bot} bot)` : (s.name ?? "?")) : "?";
    };
    return await playDuelGame(client, gameId, me, { where: `${options.url}, table ${code}`, label }, io);
  } finally {
    await client.close();
  }
}

/** How the duel's seats are introduced: where it is played, and a label per seat (engine id, seat index from 0). */
export interface DuelIntro {
  where: string;
  label(id: string, seat: number): string;
}

/**
 * Plays game `gameId` (a duel the person `me` sits in) in the terminal until it is over: events are told
 * as they come, and whenever the view waits for the person they type a command. Seats are shown as p1
 * and p2. Returns the exit code (EXIT.ok at game over or when the person leaves); throws ClientError.
 */
export async function playDuelGame(client: BangClient, gameId: string, me: string, intro: DuelIntro, io: { say(text: string): void; reader: LineReader }): Promise<number> {
  const { say, reader } = io;
  // Seats are shown as p1 and p2 (the server's ids are long); the person types no ids in a duel.
  const first = (await client.waitFor((_v, id) => id === gameId, 60_000)).view as DuelView;
  const aliases = first.players.map((p, i) => [p.id, `p${i + 1}`] as const);
  const rename = (text: string) => aliases.reduce((t, [id, alias]) => t.replaceAll(id, alias), text);
  const tell = (text: string) => say(rename(text));
  const aliased = <T>(data: T): T => JSON.parse(rename(JSON.stringify(data))) as T;
  const off = client.on("event", (e) => {
    if (e.gameId === gameId) for (const line of describeDuelEvents(aliased(e.events as DuelEvent[]))) say(line);
  });
  try {
    const myAlias = aliases.find(([id]) => id === me)![1];
    const seat = new HumanDuelSeat(myAlias, reader, say);
    const names = aliases.map(([id, alias], i) => `${alias} ${intro.label(id, i)}${id === me ? " (you)" : ""}`);
    tell(`The duel starts on ${intro.where}: ${names.join(", ")}.`);
    for (;;) {
      const state = await client.waitFor((view, id) => id === gameId && (view.phase === "gameOver" || (view as DuelView).waitingFor.includes(me)), 24 * 3600_000);
      const view = (client.view(gameId) ?? state.view) as DuelView;
      if (view.phase === "gameOver") {
        seat.gameOver(aliased(view));
        return EXIT.ok;
      }
      const move = await seat.humanMove(aliased(view), (c) => send(client, gameId, c));
      if (move === "quit" || move === "eof") {
        say(`\n${move === "eof" ? "Input closed: you" : "You"} left the duel; the server's bot plays your seat.`);
        return EXIT.ok;
      }
    }
  } finally {
    off();
  }
}

/** Sends a command; a refusal comes back as a DuelRefusal (stale when the view moved on meanwhile). */
async function send(client: BangClient, gameId: string, command: DuelCommand): Promise<{ ok: true } | DuelRefusal> {
  const { by: _by, ...wire } = command;
  const seq = client.lastSeq(gameId) ?? 0;
  try {
    await client.send(gameId, wire as GameCommand);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return { ok: false, error: { code: error.code, message: error.message }, stale: (client.lastSeq(gameId) ?? 0) > seq };
  }
}

/** The id of the game of table `code`, once it started. */
function gameOf(client: BangClient, code: string): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const t = client.table(code);
      if (t?.gameId) {
        off();
        resolve(t.gameId);
      }
    };
    const off = client.on("table", check);
    check();
  });
}
