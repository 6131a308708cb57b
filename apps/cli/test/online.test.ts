/**
 * The online loop of `bang play --server` (shell/online.ts with the human seat) in-process, against a
 * fake client whose game the test runs with the duel module's own rules: the test plays the server's
 * part (the bot's moves, the turn timer's pickTimeout) while the person is being prompted.
 */
import { PassThrough } from "node:stream";
import { ClientError, type BangClient, type EventMessage, type SnapshotMessage } from "@bang/client";
import { forcedSource, type CommandBase, type ViewBase } from "@bang/game-core";
import { BLOCKS, diceDuel, type DuelCard, type DuelCommand, type DuelState } from "@bang/game-dice-duel";
import { afterEach, describe, expect, it } from "vitest";
import { LineReader } from "../src/shell/input.js";
import { Narrator, OnlineGame } from "../src/shell/online.js";

const GAME_ID = "game-1";
/** The server's ids: the person (seat 1, p1 in the terminal) and the server's bot (seat 2, p2). */
const ALICE = "u-alice";
const BOT = "u-bot";

type StateListener = (gameId: string, view: ViewBase, seq: number, game: string) => void;

/**
 * The person's client of a duel that the test plays on the server's side: every command (the person's,
 * the bot's, the timer's) goes through the module's rules and reaches the person as an event message,
 * as the SDK reports them (`event`, then `state`).
 */
class FakeServer {
  private readonly listeners = new Map<string, Set<(...args: never[]) => void>>();
  seq = 0;
  /** The commands the person sent (as on the wire, without `by`). */
  readonly sent: Record<string, unknown>[] = [];

  constructor(public state: DuelState) {}

  private view(): ViewBase {
    return diceDuel.view(this.state, { kind: "player", id: ALICE });
  }

  private emit(name: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  /** The server applies `command` and tells the person; throws on a refusal. */
  play(command: DuelCommand, random?: Parameters<typeof diceDuel.apply>[2]): void {
    const before = this.state;
    const applied = diceDuel.apply(before, command, random);
    if (!applied.ok) throw new ClientError(applied.error.code, applied.error.message);
    this.state = applied.state;
    const shown = diceDuel.viewEvent({ command, events: applied.events, state: applied.state }, { kind: "player", id: ALICE });
    const message = { type: "event", gameId: GAME_ID, game: diceDuel.id, seq: ++this.seq, by: command.by, command: shown.command, events: shown.events, view: this.view() } as unknown as EventMessage;
    this.emit("event", message);
    this.emit("state", GAME_ID, message.view, message.seq, message.game);
  }

  /** The part of BangClient the online loop and its narrator use. */
  client(): BangClient {
    const on = (name: string, listener: (...args: never[]) => void) => {
      const set = this.listeners.get(name) ?? new Set();
      this.listeners.set(name, set.add(listener));
      return () => void set.delete(listener);
    };
    const state = () => ({ gameId: GAME_ID, game: diceDuel.id, seq: this.seq, view: this.view() });
    const fake = {
      on,
      view: (id: string) => (id === GAME_ID ? this.view() : undefined),
      lastSeq: (id: string) => (id === GAME_ID ? this.seq : undefined),
      waitFor: (predicate: (view: ViewBase, gameId: string, seq: number) => boolean, timeoutMs: number) =>
        new Promise((resolve, reject) => {
          if (predicate(this.view(), GAME_ID, this.seq)) return resolve(state());
          const timer = setTimeout(() => (off(), reject(new ClientError("TIMEOUT", "no view"))), timeoutMs).unref();
          const off = on("state", ((gameId: string, view: ViewBase, seq: number) => {
            if (!predicate(view, gameId, seq)) return;
            clearTimeout(timer);
            off();
            resolve(state());
          }) as StateListener as never);
        }),
      send: async (id: string, command: Record<string, unknown>) => {
        this.sent.push(command);
        this.play({ ...command, by: ALICE } as DuelCommand);
        return { id: `c${this.sent.length}`, gameId: id, seq: this.seq };
      },
    };
    return fake as unknown as BangClient;
  }
}

/** A duel where `starter` threw two gatlings (R8.9): both players are to pick a card. */
function duelPicking(starter: string): FakeServer {
  const created = diceDuel.create({ players: [{ id: ALICE }, { id: BOT }], seed: 5, turn: starter });
  if (!created.ok) throw new Error(created.error.message);
  const server = new FakeServer(created.state);
  server.play({ type: "roll", by: starter }, forcedSource([{ roll: ["gatling", "gatling", "dynamite", "arrow", "dynamite"] }]));
  server.play({ type: "stop", by: starter });
  expect(server.state.phase).toBe("duel");
  expect(diceDuel.toAct(server.state)).toEqual([ALICE, BOT]);
  return server;
}

/** The card the turn timer draws for the person in this duel (from the game's seeded generator). */
function timedOutCard(server: FakeServer): DuelCard {
  const applied = diceDuel.apply(server.state, { type: "pickTimeout", by: ALICE });
  if (!applied.ok) throw new Error(applied.error.message);
  return applied.state.duel?.picks[0] ?? applied.state.lastDuel!.picks[0]!.card;
}

/** The person at a terminal fed by the test: everything printed (prompts, answers, lines) in order. */
function terminal() {
  const input = new PassThrough();
  const output = new PassThrough().setEncoding("utf8");
  let transcript = "";
  output.on("data", (d: string) => (transcript += d));
  const reader = new LineReader(input, output);
  const say = (text: string) => void output.write(`${text}\n`);
  return {
    reader,
    say,
    type: (line: string) => void input.write(`${line}\n`),
    close: () => input.end(),
    get transcript() {
      return transcript;
    },
    /** Waits until the transcript satisfies `done` (5 s at most; the game is in-process, it takes milliseconds). */
    async until(what: string, done: (transcript: string) => boolean): Promise<void> {
      const deadline = Date.now() + 5000;
      while (!done(transcript)) {
        if (Date.now() > deadline) throw new Error(`waited for ${what}; the transcript:\n${transcript}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

const ends = (tail: string) => (t: string) => t.endsWith(tail);
const count = (text: string, part: string) => text.split(part).length - 1;

describe("the online loop: the view moves on while the person is prompted", () => {
  let cleanup: (() => void) | null = null;
  afterEach(() => {
    cleanup?.();
    cleanup = null;
  });

  /** Starts the person's online game on `server`: the loop's promise and the terminal. */
  function start(server: FakeServer) {
    const term = terminal();
    const client = server.client();
    const source = { gameId: () => GAME_ID, label: "table TEST", seat: (id: string) => (id === ALICE ? { name: "alice", bot: null } : { name: "bot 1", bot: "heuristic" }) };
    const story = new Narrator(client, source, ALICE, "http://test", term.say);
    const played = new OnlineGame(client, GAME_ID, ALICE, story, term.reader, term.say).play();
    cleanup = () => {
      term.close();
      term.reader.close();
    };
    return { term, played };
  }

  it("R8.9 the timer picks for the person at the pick prompt; once the game waits for the bot they are told so, then prompted to roll", async () => {
    const server = duelPicking(ALICE);
    const { term, played } = start(server);
    await term.until("the pick prompt", ends("pick> "));
    expect(term.transcript).toContain("Duel! pick sheriff, outlaw or renegade (s/o/r).");

    // The bot picks: the person still picks, with the same prompt, which stays open.
    const mine = timedOutCard(server);
    const blocker = (Object.keys(BLOCKS) as DuelCard[]).find((c) => BLOCKS[c] === mine)!;
    server.play({ type: "pick", by: BOT, card: blocker });
    await term.until("the bot's pick", (t) => t.includes("p2 has picked"));
    term.type("");
    await term.until("the note at the same prompt", ends("Type your card: pick sheriff, pick outlaw or pick renegade.\npick> "));
    expect(term.transcript).not.toContain("The game moved on");

    // The turn timer draws the person's card: the bot's card blocks it (R8.9), the turn passes to the bot.
    server.play({ type: "pickTimeout", by: ALICE });
    expect(server.state.lastDuel?.outcome).toBe("blocked");
    expect(diceDuel.toAct(server.state)).toEqual([BOT]);
    await term.until("the abandoned prompt", (t) => t.includes("The game moved on: it waits for p2.\n"));
    expect(term.transcript).toContain("p1 ran out of time; a card was drawn for them");

    // The bot's turn (dice that need no choice: stop ends it), then the person's: a fresh prompt from
    // the new view, and Enter rolls.
    server.play({ type: "roll", by: BOT }, forcedSource([{ roll: ["arrow", "arrow", "gatling", "dynamite", "arrow"] }]));
    server.play({ type: "stop", by: BOT });
    expect(diceDuel.legal(diceDuel.view(server.state, { kind: "player", id: ALICE }), ALICE)?.kind).toBe("roll");
    await term.until("the roll prompt", ends("roll> "));
    const after = term.transcript.slice(term.transcript.indexOf("The game moved on"));
    expect(after).toContain("Your move: roll (or Enter) throws the five dice.");
    expect(count(after, "pick> ")).toBe(0);
    term.type("");
    await term.until("the person's roll", (t) => /^roll> (roll)?\np1 rolls: /m.test(t));
    expect(server.sent).toEqual([{ type: "roll" }]);

    term.close();
    expect(await played).toBe(0);
    expect(term.transcript).toMatch(/Input closed: you left the game before its end; the server's bot plays your seat\.\n$/);
  });

  it("R8.9 the bot picked and the timer picks for the person: the duel is blocked and their turn begins; the pick prompt gives way to the roll prompt", async () => {
    const server = duelPicking(BOT);
    const { term, played } = start(server);
    await term.until("the pick prompt", ends("pick> "));
    const mine = timedOutCard(server);
    // The bot starts the duel: its card is blocked by the person's (R8.9), and the turn passes to the person.
    server.play({ type: "pick", by: BOT, card: BLOCKS[mine] });
    server.play({ type: "pickTimeout", by: ALICE });
    expect(server.state.lastDuel?.outcome).toBe("blocked");
    expect(diceDuel.toAct(server.state)).toEqual([ALICE]);

    await term.until("the roll prompt", ends("roll> "));
    const after = term.transcript.slice(term.transcript.indexOf("p1 ran out of time"));
    expect(after).toMatch(/^The game moved on\.$/m);
    expect(after).toContain("Your move: roll (or Enter) throws the five dice.");
    expect(count(term.transcript, "pick> ")).toBe(1);
    term.type("roll");
    await term.until("the person's roll", (t) => /^roll> (roll)?\np1 rolls: /m.test(t));
    expect(server.sent).toEqual([{ type: "roll" }]);

    term.close();
    expect(await played).toBe(0);
  });
});
