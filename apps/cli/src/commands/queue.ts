import { parseArgs } from "node:util";
import { ClientError, connect, createGuest, fetchQueues, type BangClient, type QueueInfo } from "@bang/client";
import { createBot, wireCommand, type BotKind } from "@bang/bots";
import type { AnyPlayerView, PlayerView } from "@bang/engine";
import { choiceOption, EXIT, parseCommandLine, UsageError } from "../args.js";
import { HumanSeat } from "../human.js";
import { playDuelGame } from "../duel/online.js";
import { LineReader } from "../input.js";
import { BOT_KINDS } from "../match.js";
import { Narrator, OnlineGame, type GameSource } from "../online.js";

export const usage = `Usage: bang queue --server URL --queue ID [--name NAME] [--bot KIND]
       bang queue --server URL --list

Joins a public matchmaking queue as a new guest, waits for a table of players close in rating,
confirms the match found (the ready check) and plays the game in the terminal, with the prompts of
bang play (a duel queue such as duel-2 plays a duel, with the prompts of bang play --mode duel). The server's bots take the seats it fills, and play yours while you are away.

Options:
  --server URL   the game server (http://host:port)
  --queue ID     the queue to join (see --list)
  --list         print the server's queues: how many players wait in each, the longest wait
                 now, and the median and p90 waits of the players matched lately
  --name NAME    your name at the table (default "player")
  --bot KIND     let a bot (heuristic or random) play your seat instead of you
  -h, --help     show this help

Exit codes: 0 the game was played (or input closed), 1 left the queue without a game (maximum wait,
missed ready check) or a server error, 2 bad usage.`;

type QueueStatus = BangClient["queue"];

const HELP = "roll, reroll 0 2 4, stop, resolve 1:p3 2:me, heal p3, react 1, table, help, quit (see bang play --help)";

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      options: { server: { type: "string" }, queue: { type: "string" }, list: { type: "boolean" }, name: { type: "string" }, bot: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: false,
      strict: true,
    }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  if (values.server === undefined) throw new UsageError("--server: required");
  try {
    new URL(values.server);
  } catch {
    throw new UsageError(`--server: expected a URL such as http://localhost:8080, got "${values.server}"`);
  }
  const say = (text: string) => process.stdout.write(`${text}\n`);
  try {
    if (values.list) {
      for (const q of await fetchQueues(values.server)) say(describeQueue(q));
      return EXIT.ok;
    }
    if (values.queue === undefined) throw new UsageError("--queue: required (or --list)");
    const name = (values.name ?? "player").trim();
    if (name.length === 0 || name.length > 24) throw new UsageError("--name: a name has 1 to 24 characters");
    const bot = values.bot === undefined ? null : choiceOption("bot", values.bot, "heuristic", BOT_KINDS);
    return await queueAndPlay(values.server, values.queue, name, bot, say);
  } catch (e) {
    if (!(e instanceof ClientError)) throw e;
    process.stderr.write(`bang queue: ${e.code}: ${e.message}\n`);
    return EXIT.failed;
  }
}

/** Queues, confirms, and plays the game (the person, or `bot`). */
async function queueAndPlay(url: string, queueId: string, name: string, bot: BotKind | null, say: (text: string) => void): Promise<number> {
  const guest = await createGuest(url, name);
  const me = guest.player.id;
  const client = await connect({ url, token: guest.token });
  client.on("error", (error) => process.stderr.write(`bang queue: warning: ${error.code}: ${error.message}\n`));
  // A bot plays unattended: the input is not read (its end does not leave the queue).
  const reader = bot ? null : new LineReader();
  const names = new Map<string, string>();
  let gameId: string | null = null;
  const source: GameSource = {
    gameId: () => gameId,
    label: `queue ${queueId}`,
    seat: (id) => (names.has(id) ? { name: names.get(id)!, bot: null } : { name: "bot", bot: "heuristic" }),
  };
  const story = new Narrator(client, source, me, url, say);
  try {
    const started = new Promise<string | QueueStatus>((resolve) => {
      client.on("matchFound", (m) => {
        for (const p of m.players) names.set(p.id, p.name);
        say(`Match found: ${m.players.map((p) => p.name).join(", ")}${m.bots ? ` and ${m.bots} bot(s)` : ""}. Confirming...`);
        client.confirmMatch(m.matchId).catch((e: unknown) => say(`Could not confirm: ${e instanceof ClientError ? `${e.code}: ${e.message}` : String(e)}`));
      });
      client.on("queue", (status) => {
        if (status.state === "playing") {
          // Set before the game's snapshot, which comes right behind this status.
          gameId = status.gameId;
          resolve(status.gameId);
        } else if (status.state === "idle") resolve(status);
        else if (status.state === "queued") say(`Back in queue ${status.queueId}: a player of the match did not confirm.`);
      });
    });
    const joined = await client.joinQueue(queueId);
    if (joined.state === "queued") say(`Queued in ${queueId} as ${name}; looking for players within ${joined.ratingWindow.toFixed(1)} rating points (wider the longer you wait). End of input leaves the queue.`);
    const outcome = await Promise.race([started, reader ? reader.ended.then(() => null) : new Promise<never>(() => undefined)]);
    if (outcome === null) {
      await client.leaveQueue().catch(() => undefined);
      say("Input closed: you left the queue.");
      return EXIT.ok;
    }
    if (typeof outcome !== "string") {
      say(`Out of the queue (${outcome.state === "idle" ? (outcome.reason ?? "left") : outcome.state})${outcome.state === "idle" && outcome.message ? `: ${outcome.message}` : "."}`);
      return EXIT.failed;
    }
    const first = (await client.waitFor((_v, id) => id === outcome, 60_000)).view as AnyPlayerView;
    if (!reader) return await playAsBot(client, outcome, me, bot ?? "heuristic", story, say);
    if (first.mode === "duel") {
      const label = (id: string) => names.get(id) ?? "bot";
      return await playDuelGame(client, outcome, me, { where: `${url}, queue ${queueId}`, label }, { say, reader });
    }
    return await new OnlineGame(client, outcome, me, story, (seat) => new HumanSeat(seat, reader, say, HELP), reader, say).play();
  } finally {
    reader?.close();
    await client.close();
  }
}

/** Whether `view` waits for `me`: a classic game waits for one player, a duel for one or both. */
function waitsFor(view: AnyPlayerView, me: string): boolean {
  return view.mode === "duel" ? view.waitingFor.includes(me) : view.waitingFor === me;
}

/**
 * A bot plays the seat from the player's own view until the game is over (a classic game or a duel);
 * prints the result.
 */
async function playAsBot(client: BangClient, gameId: string, me: string, kind: BotKind, story: Narrator, say: (text: string) => void): Promise<number> {
  const bot = createBot(kind, 1);
  for (;;) {
    const state = await client.waitFor((view, id) => id === gameId && (view.phase === "gameOver" || waitsFor(view as AnyPlayerView, me)), 120_000);
    const any = (client.view(gameId) ?? state.view) as AnyPlayerView;
    if (any.mode === "duel") {
      if (any.phase === "gameOver") {
        say(`Duel over: you ${any.winner?.players.includes(me) ? "won" : "lost"}.`);
        return EXIT.ok;
      }
      await sendChoice(client, gameId, bot.choose(any, me));
      continue;
    }
    story.begin(state.view as PlayerView);
    const view = any;
    if (view.phase === "gameOver") {
      const role = view.players.find((p) => p.id === me)?.role ?? "?";
      const won = view.winner?.players.includes(me) ?? false;
      say(`Game over: ${view.winner?.team ?? "?"} win. You were ${role} and ${won ? "won" : "lost"}.`);
      return EXIT.ok;
    }
    if (view.waitingFor !== me) continue;
    await sendChoice(client, gameId, bot.choose(view, me));
  }
}

/** Sends a bot's command; a refusal because the game moved on meanwhile (the server's timer) is ignored. */
async function sendChoice(client: BangClient, gameId: string, command: Parameters<typeof wireCommand>[0]): Promise<void> {
  try {
    await client.send(gameId, wireCommand(command));
  } catch (error) {
    if (!(error instanceof ClientError) || ["CLOSED", "TIMEOUT"].includes(error.code)) throw error;
  }
}

const secondsText = (s: number) => `${s.toFixed(1)} s`;

/**
 * One line of `bang queue --list`: the queue's definition, how many wait, the longest wait now, and the
 * median and p90 wait of the players matched in the server's window (GET /api/queues `waits`).
 */
export function describeQueue(q: QueueInfo): string {
  const size = q.minSeats === q.maxSeats ? `${q.minSeats}` : `${q.minSeats}-${q.maxSeats}`;
  const rules = `${q.mode} ${size} seats, ${q.waiting} waiting${q.botsAfterSeconds === null ? "" : `, bots after ${q.botsAfterSeconds} s`}${q.maxWaitSeconds === null ? "" : `, at most ${q.maxWaitSeconds} s`}`;
  const w = q.waits;
  const window = `the last ${Math.round(w.windowSeconds / 60)} min`;
  const longest = w.longestSeconds === null ? "" : `longest wait now ${secondsText(w.longestSeconds)}; `;
  const recent =
    w.medianSeconds === null || w.p90Seconds === null
      ? `nobody matched in ${window}`
      : `waits median ${secondsText(w.medianSeconds)}, p90 ${secondsText(w.p90Seconds)} (${w.matched} matched in ${window})`;
  return `${q.id.padEnd(20)} ${rules}; ${longest}${recent}`;
}
