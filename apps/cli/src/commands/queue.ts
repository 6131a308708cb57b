import { parseArgs } from "node:util";
import { ClientError, connect, createGuest, fetchQueues, type BangClient, type QueueInfo } from "@bang/client";
import { BOT_KINDS, type BotKind, type CommandBase, type PlayerId } from "@bang/game-core";
import { findGame } from "@bang/games";
import { choiceOption, EXIT, parseCommandLine, UsageError } from "../args.js";
import { LineReader } from "../shell/input.js";
import { Narrator, OnlineGame, wireCommand, type GameSource } from "../shell/online.js";

export const usage = `Usage: bang queue --server URL --queue ID [--name NAME] [--bot KIND]
       bang queue --server URL --list

Joins a public matchmaking queue as a new guest, waits for a table of players close in rating,
confirms the match found (the ready check) and plays the game in the terminal, with the table and
the prompts of bang play for the queue's game (see bang play --help). The server's bots take the
seats it fills, and play yours while you are away.

Options:
  --server URL   the game server (http://host:port)
  --queue ID     the queue to join (see --list)
  --list         print the server's queues: their game and seats, how many players wait in each,
                 the longest wait now, and the median and p90 waits of the players matched lately
  --name NAME    your name at the table (default "player")
  --bot KIND     let a bot (heuristic or random) play your seat instead of you
  -h, --help     show this help

Exit codes: 0 the game was played (or input closed), 1 left the queue without a game (maximum wait,
missed ready check), a server error, or a bot asked for a game this bang does not know, 2 bad usage.`;

type QueueStatus = BangClient["queue"];

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
async function queueAndPlay(url: string, queueId: string, name: string, bot: BotKind | null, write: (text: string) => void): Promise<number> {
  const guest = await createGuest(url, name);
  const me = guest.player.id;
  const client = await connect({ url, token: guest.token });
  client.on("error", (error) => process.stderr.write(`bang queue: warning: ${error.code}: ${error.message}\n`));
  // A bot plays unattended: the input is not read (its end does not leave the queue).
  const reader = bot ? null : new LineReader();
  // A person's lines go through the reader, which keeps an open question's prompt last on screen.
  const say = reader ? (text: string) => reader.print(text) : write;
  const names = new Map<string, string>();
  let gameId: string | null = null;
  const source: GameSource = {
    gameId: () => gameId,
    label: `queue ${queueId}`,
    seat: (id) => (names.has(id) ? { name: names.get(id)!, bot: null } : { name: "bot", bot: "heuristic" }),
  };
  const story = new Narrator(client, source, me, url, say);
  try {
    // A "queued" status after a match found means it fell through; the first one is the join itself.
    let matched = false;
    const started = new Promise<string | QueueStatus>((resolve) => {
      client.on("matchFound", (m) => {
        matched = true;
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
        else if (status.state === "queued" && matched) {
          matched = false;
          say(`Back in queue ${status.queueId}: a player of the match did not confirm.`);
        }
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
    if (!reader) return await playAsBot(client, outcome, me, bot ?? "heuristic", story, say);
    return await new OnlineGame(client, outcome, me, story, reader, say).play();
  } finally {
    reader?.close();
    await client.close();
  }
}

/**
 * A bot of the game's module plays the seat from the player's own view until the game is over; prints
 * the last table and how it ended. A game this process has no module for: nobody to play it, exit 1.
 */
async function playAsBot(client: BangClient, gameId: string, me: PlayerId, kind: BotKind, story: Narrator, say: (text: string) => void): Promise<number> {
  const first = await client.waitFor((_view, id) => id === gameId, 60_000);
  const module = findGame(first.game);
  if (!module) {
    process.stderr.write(`bang queue: no bot for game "${first.game}" in this bang (the server's bot plays the seat)\n`);
    return EXIT.failed;
  }
  const bot = module.bots[kind](1);
  for (;;) {
    const state = await client.waitFor((view, id) => id === gameId && (view.waitingFor.length === 0 || view.waitingFor.includes(me)), 120_000);
    const view = client.view(gameId) ?? state.view;
    story.begin(state.game, view);
    if (view.waitingFor.length === 0) {
      const local = story.seats.local(view);
      say(`\n${story.ui.render(local)}`);
      say(`\n${story.ui.ending(local, story.seats.seat(me))}`);
      return EXIT.ok;
    }
    if (!view.waitingFor.includes(me)) continue;
    await sendChoice(client, gameId, bot.choose(view, me) as CommandBase);
  }
}

/** Sends a bot's command; a refusal because the game moved on meanwhile (the server's timer) is ignored. */
async function sendChoice(client: BangClient, gameId: string, command: CommandBase): Promise<void> {
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
  const rules = `${q.game} ${size} seats, ${q.waiting} waiting${q.botsAfterSeconds === null ? "" : `, bots after ${q.botsAfterSeconds} s`}${q.maxWaitSeconds === null ? "" : `, at most ${q.maxWaitSeconds} s`}`;
  const w = q.waits;
  const window = `the last ${Math.round(w.windowSeconds / 60)} min`;
  const longest = w.longestSeconds === null ? "" : `longest wait now ${secondsText(w.longestSeconds)}; `;
  const recent =
    w.medianSeconds === null || w.p90Seconds === null
      ? `nobody matched in ${window}`
      : `waits median ${secondsText(w.medianSeconds)}, p90 ${secondsText(w.p90Seconds)} (${w.matched} matched in ${window})`;
  return `${q.id.padEnd(20)} ${rules}; ${longest}${recent}`;
}
