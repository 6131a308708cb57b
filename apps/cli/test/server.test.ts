/**
 * `bang bots` and `bang play --server` against the REAL game server (apps/server/dist/main.js), started
 * as a child process on a free port with a fresh embedded PGlite and the server's bots without delay.
 */
import { spawn } from "node:child_process";
import { runLoad } from "@bang/bots";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bang, drive, ensureBuilt, ensureServerBuilt, hasStack, MAIN, ROOT, type Run } from "./bang.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;

beforeAll(async () => {
  ensureBuilt();
  ensureServerBuilt();
  server = await startServer();
}, 300_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

interface Summary {
  tables: number;
  finished: number;
  failed: number;
  commands: number;
  gameCommands: number;
  commandsPerSecond: number;
  latencyMs: { samples: number; p50: number; p90: number; p99: number; max: number };
  errors: { code: string; count: number; message: string }[];
  thinkMs: number;
  thinkJitter: number;
  elapsedMs: number;
}

/** The line `Winner: ...` of a transcript. */
const winnerLine = (text: string) => /^Winner: (.+?)\. You (?:win!|lose\.)$/m.exec(text)?.[1];

/** The seat rows of the first table a transcript shows: [seat id, role]. */
function firstTable(transcript: string): [string, string][] {
  const rows: [string, string][] = [];
  for (const line of transcript.split("\n")) {
    const m = /^ [> ]\s+\d+\s+(p\d)(?: \(you\))?\s+[a-z_]+\s+\d+\/\d+\s+\d+\s+(\?|sheriff|deputy|outlaw|renegade)/.exec(line);
    if (m) rows.push([m[1]!, m[2]!]);
    else if (rows.length > 0) break;
  }
  return rows;
}

describe("bang bots --server", () => {
  it("plays 3 tables of 4 bot clients to their end and reports games, commands and latency (--json)", async () => {
    const run = await bang(["bots", "--server", server.url, "--tables", "3", "--players", "4", "--json"]);
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as Summary;
    expect(s).toMatchObject({ tables: 3, finished: 3, failed: 0, errors: [] });
    expect(s.commands).toBeGreaterThan(0);
    expect(s.gameCommands).toBe(s.commands); // every seat is a client
    expect(s.latencyMs.samples).toBe(s.commands);
    expect(s.latencyMs.p50).toBeGreaterThan(0);
    expect(s.latencyMs.p99).toBeGreaterThanOrEqual(s.latencyMs.p50);
    expect(s.latencyMs.max).toBeGreaterThanOrEqual(s.latencyMs.p99);
    expect(s.commandsPerSecond).toBeGreaterThan(0);
  });

  it("the load generator reports each command's latency and send time as it completes (onLatency)", async () => {
    const seen: { latencyMs: number; sentAtMs: number }[] = [];
    const before = performance.now();
    const load = await runLoad({ url: server.url, game: "dice", tables: 2, players: 3, onLatency: (latencyMs, sentAtMs) => seen.push({ latencyMs, sentAtMs }) });
    const after = performance.now();
    expect(load).toMatchObject({ finished: 2, failed: 0 });
    expect(seen).toHaveLength(load.commands);
    expect(seen.length).toBe(load.latencyMs.samples);
    for (const s of seen) {
      expect(s.latencyMs).toBeGreaterThan(0);
      expect(s.sentAtMs).toBeGreaterThanOrEqual(before);
      expect(s.sentAtMs + s.latencyMs).toBeLessThanOrEqual(after);
    }
    expect(Math.max(...seen.map((s) => s.latencyMs))).toBe(load.latencyMs.max);
  });

  it("with --humans below --players the server's bots play the other seats; one table at a time; text summary", async () => {
    const run = await bang(["bots", "--server", server.url, "--tables", "2", "--players", "5", "--humans", "2", "--concurrent", "1", "--bots", "random", "--seed", "7"]);
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Played 2 tables of Bang! The Dice Game on http:\/\/127\.0\.0\.1:\d+: 5 seats, 2 bot clients and 3 server bots each, random bots, 1 at a time\.$/m);
    expect(run.stdout).toMatch(/^Games finished\s+2$/m);
    expect(run.stdout).toMatch(/^Games failed\s+0$/m);
    const clients = Number(/^Commands \(clients\)\s+(\d+)$/m.exec(run.stdout)?.[1]);
    const all = Number(/^Commands \(all seats\)\s+(\d+)$/m.exec(run.stdout)?.[1]);
    expect(clients).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(clients);
    expect(run.stdout).toMatch(/^Latency p99\s+\d+\.\d ms$/m);
  });

  it("--think-ms with --think-jitter 0: every client pauses exactly that long before each decision", async () => {
    const run = await bang(["bots", "--server", server.url, "--tables", "1", "--players", "3", "--think-ms", "25", "--think-jitter", "0", "--json"]);
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as Summary;
    expect(s).toMatchObject({ finished: 1, thinkMs: 25, thinkJitter: 0 });
    // One seat acts at a time in the dice game, so the pauses add up.
    expect(s.elapsedMs).toBeGreaterThanOrEqual(s.commands * 25);
  });

  it("a server that does not answer: every table fails, exit 1, the error code named", async () => {
    const run = await bang(["bots", "--server", "http://127.0.0.1:1", "--tables", "2", "--json"]);
    expect(run.code).toBe(1);
    const s = JSON.parse(run.stdout) as Summary;
    expect(s).toMatchObject({ tables: 2, finished: 0, failed: 2 });
    expect(s.errors).toEqual([expect.objectContaining({ code: "NETWORK", count: 2 })]);
  });

  const bad: [string[], string][] = [
    [["--tables", "2"], "--server: the server's URL is required"],
    [["--server", "nowhere", "--tables", "2"], '--server: expected a URL such as http://localhost:8080, got "nowhere"'],
    [["--server", "http://x"], "--tables: how many tables to play is required (or --duration)"],
    [["--server", "http://x", "--tables", "1", "--players", "4", "--humans", "5"], '--humans: expected an integer from 1 to 4, got "5"'],
    [["--server", "http://x", "--tables", "1", "--think-jitter", "1.5"], '--think-jitter: expected a number from 0 to 1, got "1.5"'],
    [["--server", "http://x", "--tables", "1", "--think-jitter", "half"], '--think-jitter: expected a number from 0 to 1, got "half"'],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${args.join(" ")} with exit 2 and one line`, async () => {
      const run = await bang(["bots", ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`bang bots: ${message}`);
    });
  }
});

describe("bang play --server", () => {
  it("plays a real game against the server's bots on piped input (Enter for every answer), to a winner", async () => {
    const run = await bang(["play", "--server", server.url, "--name", "alice", "--players", "5"], "\n".repeat(3000));
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Bang! The Dice Game on http:\/\/127\.0\.0\.1:\d+, table [A-Z0-9]{8}: 5 players, 4 of them the server's bots\. You are p1\.$/m);
    expect(run.stdout).toMatch(/^ {2}p1 {2}alice \(you\)$/m);
    expect(run.stdout).toMatch(/^ {2}p2 {2}bot 1 \(heuristic bot\)$/m);
    // The same display and prompts as a local game: the table from the person's own view, events. The
    // deal is random: the bots may shoot the person out before their first turn (no prompt then).
    if (/^(-- turn \d+: p1 |Turn 1: p1 )/m.test(run.stdout)) {
      expect(run.stdout).toMatch(/^roll> $/m);
      expect(run.stdout).toMatch(/^Dice: \[0\] \S+ {2}\[1\] \S+ {2}\[2\] \S+ {2}\[3\] \S+ {2}\[4\] \S+/m);
    } else expect(run.stdout).toMatch(/^p1 is eliminated by p\d/m);
    expect(run.stdout).toMatch(/^p\d rolls: (\S+ ){4}\S+$/m);
    expect(run.stdout).toMatch(/^Game over: /m);
    expect(winnerLine(run.stdout)).toMatch(/^the (law wins \(sheriff and deputies: |outlaws win \(|renegade wins \()p\d(, p\d)*\)$/);
    expect(run.stdout).toMatch(/^Roles: p1 (sheriff|deputy|outlaw|renegade), p2 \w+, p3 \w+, p4 \w+, p5 \w+$/m);
    // Hidden information: before the end, only the person's own role and the sheriff's are shown.
    const first = firstTable(run.stdout);
    expect(first).toHaveLength(5);
    const roles = new Map([.../^Roles: (.*)$/m.exec(run.stdout)![1]!.matchAll(/(p\d) (\w+)/g)].map((m) => [m[1]!, m[2]!]));
    for (const [id, role] of first) expect(role).toBe(id === "p1" || roles.get(id) === "sheriff" ? roles.get(id) : "?");
    // No server id leaks into the display: players are p1..p5 only.
    expect(run.stdout).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(run.stdout).not.toMatch(/bot-[A-Z0-9]+-\d/);
  });

  it("typed commands: a refusal prints CODE: message and asks again", async () => {
    let rolls = 0;
    const run = await drive(["play", "--server", server.url, "--players", "3"], (prompt) => {
      if (prompt === "roll> " && ++rolls === 1) return "stop"; // refused by the server: the dice are not thrown yet
      if (prompt === "roll> " && rolls === 2) return "fly"; // not a command
      return "";
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^roll> stop\nWRONG_PHASE: stop: throw the dice first \(roll\)\nroll> fly\nINVALID_COMMAND: unknown command "fly".*\nroll> $/m);
    expect(winnerLine(run.stdout)).toBeDefined();
  });

  it("--wait and --code: a host waits for a second person, then both play the same game to its end", async () => {
    let joiner: Promise<Run> | null = null;
    let seated: Promise<void> | null = null;
    const host = await drive(["play", "--server", server.url, "--name", "host", "--players", "3", "--wait"], (prompt, transcript) => {
      if (prompt !== "start> ") return "";
      if (joiner) return "";
      const code = /You host table ([A-Z0-9]+)\./.exec(transcript)![1]!;
      const started = startBang(["play", "--server", server.url, "--name", "guest", "--code", code], "\n".repeat(3000));
      joiner = started.run;
      seated = started.seated;
      return seated.then(() => "");
    });
    const guest = await joiner!;
    expect(seated).not.toBeNull();
    expect(host.stderr, server.output()).toBe("");
    expect(guest.stderr).toBe("");
    expect([host.code, guest.code]).toEqual([0, 0]);
    expect(host.stdout).toMatch(/Table [A-Z0-9]+ \(open\): 1\) host \(you\)( ready)? {2}2\) guest ready {2}3\) empty/);
    expect(guest.stdout).toMatch(/^You sit at table [A-Z0-9]+ \(Bang! The Dice Game\), seat 2 of 3\. Waiting for the host to start the game\.\.\.$/m);
    expect(host.stdout).toMatch(/You are p1\.$/m);
    expect(guest.stdout).toMatch(/You are p2\.$/m);
    expect(host.stdout).toMatch(/^ {2}p3 {2}bot 1 \(heuristic bot\)$/m);
    expect(winnerLine(host.stdout)).toBeDefined();
    expect(winnerLine(guest.stdout)).toBe(winnerLine(host.stdout));
  });

  it("a game the server does not host: exit 1 with the server's code, naming the field", async () => {
    const run = await bang(["play", "--server", server.url, "--game", "chess"], "\n");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^bang play: UNKNOWN_GAME: options\.game: unknown game "chess"/);
    expect(hasStack(run.stderr)).toBe(false);
  });

  it("a table code that does not exist: exit 1 with the server's code", async () => {
    const run = await bang(["play", "--server", server.url, "--code", "ZZZZZZ"], "\n");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^bang play: TABLE_NOT_FOUND: .*ZZZZZZ/);
    expect(hasStack(run.stderr)).toBe(false);
  });

  it("end of input leaves the game (exit 0)", async () => {
    const run = await bang(["play", "--server", server.url, "--players", "3"], "roll\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/(Input closed: you left the game before its end; the server's bot plays your seat\.|^Winner: )/m);
  });

  it("a server crash mid-game: a line says the connection is lost, the client reconnects to the restarted server and the game goes on", async () => {
    const env = { BOT_DELAY_MS: "50", DISCONNECT_GRACE_MS: "600000" };
    const first = await startServer({ env });
    let second: RunningServer | null = null;
    try {
      const { port, dataDir } = first;
      let crashed = false;
      const run = await drive(["play", "--server", first.url, "--players", "3"], async () => {
        if (crashed) return "";
        crashed = true;
        await first.crash();
        second = await startServer({ env, port, dataDir });
        return "";
      });
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(crashed).toBe(true);
      expect(run.stdout).toMatch(/Connection to the server lost \(close \d+\); reconnecting in \d+\.\d s\.\.\.$/m);
      expect(run.stdout).toMatch(/^Reconnected\.$/m);
      expect(run.stdout.slice(run.stdout.indexOf("Reconnected."))).toMatch(/^Winner: /m);
    } finally {
      // The restarted server uses the first one's data folder: the last one to stop removes it.
      const restarted = second as RunningServer | null;
      await first.stop(restarted !== null);
      await restarted?.stop();
    }
  }, 180_000);

  const bad: [string[], string][] = [
    [["--server", "http://x", "--seat", "2"], "--seat: only for a local game (without --server)"],
    [["--code", "ABCD"], "--code: only with --server"],
    [["--server", "http://x", "--code", "ab"], '--code: a table code is 4 to 8 letters or digits, got "ab"'],
    [["--server", "http://x", "--code", "ABCD", "--wait"], "--wait: only for the host of a new table (not with --code)"],
    [["--server", "http://x", "--name", "x".repeat(25)], "--name: a name has 1 to 24 characters"],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${args.join(" ")} with exit 2 and one line`, async () => {
      const run = await bang(["play", ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`bang play: ${message}`);
    });
  }
});

/** Starts `bang ...args` with `input` piped; `seated` resolves once it sits at its table. */
function startBang(args: string[], input: string): { run: Promise<Run>; seated: Promise<void> } {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let onSeated: () => void = () => {};
  const seated = new Promise<void>((resolve) => (onSeated = resolve));
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    if (stdout.includes("You sit at table")) onSeated();
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  const run = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      onSeated();
      resolve({ code, stdout, stderr });
    });
  });
  return { run, seated };
}

describe("bang play --server --game dice_duel", () => {
  it("R8.9 plays a whole duel on the server against a server bot: both hideouts as grids, picks typed in secret, a winner", async () => {
    const picks = ["s", "o", "r"];
    let k = 0;
    const run = await drive(["play", "--server", server.url, "--game", "dice_duel", "--name", "duellist"], (prompt) => (prompt.startsWith("pick>") ? picks[k++ % 3]! : ""));
    expect(run.code).toBe(0);
    expect(hasStack(run.stderr)).toBe(false);
    expect(run.stdout).toMatch(/^Bang! The Dice Game: the duel on .+, table [A-Z0-9]{4,8}: 2 players, 1 of them the server's bots\. You are p1\.$/m);
    expect(run.stdout).toMatch(/^ {2}p1 {2}duellist \(you\)$/m);
    expect(run.stdout).toMatch(/^ {2}p2 {2}bot 1 \(heuristic bot\)$/m);
    expect(run.stdout).toMatch(/^ {2}near +[X.] [X.] [X.] [X.] +near +[X.] [X.] [X.] [X.]$/m);
    expect(run.stdout).toMatch(/^Winner: p[12] wins the duel\. You (win!|lose\.)$/m);
    // The server's bot never has its pick shown before the reveal.
    let pending = false;
    for (const line of run.stdout.split("\n")) {
      if (line === "p2 has picked") pending = true;
      if (line.startsWith("Revealed:")) pending = false;
      if (pending) expect(line).not.toMatch(/p2 (sheriff|outlaw|renegade)/);
    }
  }, 90_000);
});
