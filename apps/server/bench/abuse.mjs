// Abuse benchmark (`npm run bench:abuse`; not a test; issue 18). Starts one real node on a fresh
// PostgreSQL database with the DEFAULT budgets of a deployment (only TRUST_PROXY=loopback, so that
// every client says its address in X-Forwarded-For, as behind the project's nginx). ABUSE_TABLES honest
// tables of up to five people (one address each) play a game of the registry (ABUSE_GAME, default the
// registry's first) without end, each person thinking ABUSE_THINK_MS before each move; their command
// latency (send to ack) is measured in quiet phases and during each attack of issue 18 (each from an
// attacker's address of its own), quiet and attacked phases alternating. The baseline is every quiet
// phase's commands together, measured the same way. Printed: per phase the number of honest commands,
// their p50, p90 and p99 and the ratios of p50 and p99 to the baseline's (the target: p99 within 2x),
// refusals the honest players got (the target: none), what the attack achieved, and the CPU seconds the
// node and the attack's own process used (the attacker runs at nice ABUSE_ATTACKER_NICE, default 10).
// One JSON line per phase, then a table.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { gameById, gameIds } from "@bang/games";

const num = (name, fallback) => Number(process.env[name] ?? fallback);
/** Seconds each phase lasts. */
const PHASE_SECONDS = num("ABUSE_PHASE_SECONDS", 30);
/** Honest tables playing at once (each of up to five people, every person from an address of their own). */
const TABLES = num("ABUSE_TABLES", 6);
/** The game every table plays (a module id of the registry). */
const GAME = process.env.ABUSE_GAME ?? gameIds()[0];
const MODULE = gameById(GAME);
/** People at each table: five, or what the game allows. */
const SEATS = Math.max(MODULE.seats.min, Math.min(5, MODULE.seats.max));
/** An honest player's pause before each move, ms. */
const THINK_MS = num("ABUSE_THINK_MS", 60);
/** The honest table's pause between two games, ms. */
const BETWEEN_GAMES_MS = num("ABUSE_BETWEEN_GAMES_MS", 4_000);
/** Only these attacks (comma-separated names), default all. */
const ONLY = (process.env.ABUSE_ONLY ?? "").split(",").filter(Boolean);
const PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432";
/**
 * The attack's process's niceness (0 to 19, default 10). The attacker stands for a client on another
 * machine: what its own client work costs (parsing what 250 spectator sockets receive) is not the
 * server's, so on this one machine it takes only the CPU the server and the honest players leave, as
 * `bench:peers` runs its driver; the server's work for the attack still runs at full priority. 0 puts
 * the attacker on an equal footing with everything else.
 */
const ATTACKER_NICE = num("ABUSE_ATTACKER_NICE", 10);
/** Extra node options for the server's process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), space-separated. */
const NODE_ARGS = (process.env.ABUSE_NODE_ARGS ?? "").split(" ").filter(Boolean);
const ADMIN_TOKEN = `abuse-${process.pid}-admin-token-0123456789`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

// ---- the node ----------------------------------------------------------------------------------------
/**
 * Set in an attack's own process (the main one runs each attack as a child process, so that the
 * attacker's client work does not share the honest clients' event loop): the attack's name.
 */
const ATTACK = process.env.ABUSE_ATTACK;
let URL_ = process.env.ABUSE_URL;
let WS_URL = URL_ ? `${URL_.replace(/^http/, "ws")}/ws` : undefined;
let stopServer = async () => undefined;
/** The node's process (null in an attack's process). */
let server = null;
/**
 * CPU seconds (user + system) the node's process has used so far, from /proc (Linux; NaN elsewhere):
 * how much of the machine each phase cost the node, whatever else the machine runs.
 */
function serverCpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command's name), in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
if (!ATTACK) {
  const db = `bang_abuse_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const port = await freePort();
  URL_ = `http://127.0.0.1:${port}`;
  WS_URL = `ws://127.0.0.1:${port}/ws`;
  server = spawn(process.execPath, [...NODE_ARGS, fileURLToPath(new URL("../dist/main.js", import.meta.url))], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `${PG}/${db}`, DATA_DIR: `/tmp/${db}`, TRUST_PROXY: "loopback", ADMIN_TOKEN, LOG_LEVEL: "error" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  stopServer = async () => {
    const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error("the node did not get ready in 60 s");
    const ok = await fetch(`${URL_}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await sleep(100);
  }
}

// ---- clients -----------------------------------------------------------------------------------------
/** POST /api/guests from `address`: the guest, or null when refused (status kept). */
async function guest(name, address) {
  const r = await fetch(`${URL_}/api/guests`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": address }, body: JSON.stringify({ name }) });
  return r.ok ? r.json() : null;
}

/** A raw WebSocket from `address`: every message kept, waits by predicate. */
class Sock {
  constructor(ws) {
    this.ws = ws;
    this.msgs = [];
    this.waiters = new Set();
    this.rid = 0;
    ws.on("message", (d) => {
      const m = JSON.parse(d.toString());
      this.msgs.push(m);
      if (this.onMessage) this.onMessage(m);
      for (const w of [...this.waiters]) w();
    });
    this.closed = new Promise((r) => ws.on("close", (code, reason) => r({ code, reason: reason.toString() })));
    ws.on("error", () => undefined);
  }
  static open(address) {
    const ws = new WebSocket(WS_URL, { headers: { "x-forwarded-for": address } });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new Sock(ws)));
      ws.once("error", reject);
    });
  }
  static async signed(token, address) {
    const s = await Sock.open(address);
    s.send({ type: "hello", token });
    await s.next((m) => m.type === "welcome" || m.type === "error");
    return s;
  }
  get open() {
    return this.ws.readyState === WebSocket.OPEN;
  }
  send(frame) {
    if (this.open) this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }
  next(pred, timeoutMs = 30_000) {
    let at = 0;
    return new Promise((resolve, reject) => {
      const check = () => {
        for (; at < this.msgs.length; at++) if (pred(this.msgs[at])) return done(resolve, this.msgs[at]);
      };
      const timer = setTimeout(() => done(reject, new Error(`timeout; last ${JSON.stringify(this.msgs.slice(-3))}`)), timeoutMs);
      const done = (f, v) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        f(v);
      };
      this.waiters.add(check);
      check();
    });
  }
  /** A request with a fresh rid; resolves with its ok or error. */
  req(message) {
    const rid = `r${++this.rid}`;
    const from = this.msgs.length;
    this.send({ ...message, rid });
    let seen = from;
    return new Promise((resolve, reject) => {
      const check = () => {
        for (; seen < this.msgs.length; seen++) if (this.msgs[seen].rid === rid) return done(resolve, this.msgs[seen]);
      };
      const timer = setTimeout(() => done(reject, new Error(`no answer to ${message.type}`)), 30_000);
      const done = (f, v) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        f(v);
      };
      this.waiters.add(check);
    });
  }
  close() {
    this.ws.close();
    return this.closed;
  }
}

/** Seats people at a new table of `seats` (the rest bots), starts it; resolves with the game id (or the refusal). */
async function startTable(people, { seats = people.length, turnSeconds = 600 } = {}) {
  const [host, ...others] = people;
  const created = await host.sock.req({ type: "createTable", options: { game: GAME, seats, botKind: "heuristic", turnSeconds } });
  if (created.type !== "ok") return { refused: created.code };
  const code = created.table.code;
  /** A refusal on the way: everyone leaves the table (the last one closes it), so that no table is left open. */
  const leave = async (refused) => {
    for (const p of [...others].reverse().concat(host)) await p.sock.req({ type: "leaveTable", code }).catch(() => undefined);
    return { refused, code };
  };
  for (const p of others) {
    const joined = await p.sock.req({ type: "joinTable", code });
    if (joined.type !== "ok") return leave(`join ${joined.code} ${joined.message}`);
    const ready = await p.sock.req({ type: "ready", code, ready: true });
    if (ready.type !== "ok") return leave(`ready ${ready.code}`);
  }
  if (seats > people.length) await host.sock.req({ type: "fillBots", code });
  const started = await host.sock.req({ type: "startGame", code });
  if (started.type !== "ok") return leave(started.code);
  return { gameId: started.table.gameId };
}

/** A command an honest player sent (schema-valid for GAME): what the out-of-turn flood sends. */
let sampleCommand = null;

/**
 * Plays the game `gameId` for `people` (each a {guest, sock}) with the game module's heuristic bots, each
 * thinking `thinkMs` before its move; `onAck(latencyMs)` per acknowledged command, `onRefusal(message)`
 * per refusal. Resolves when the game is over (or `stop()` says so).
 */
async function playGame(people, gameId, { thinkMs, onAck = () => undefined, onRefusal = () => undefined, stop = () => false }) {
  const module = MODULE;
  const views = new Map();
  let over = false;
  let wake = () => undefined;
  for (const [seat, p] of people.entries()) {
    p.bot = module.bots.heuristic(1000 + seat);
    p.sock.onMessage = (m) => {
      if (m.gameId !== gameId) return;
      if (m.type === "snapshot" || m.type === "event") {
        const prev = views.get(p.guest.player.id);
        if (!prev || m.seq >= prev.seq) views.set(p.guest.player.id, { seq: m.seq, view: m.view });
        // The game is over when it waits for nobody (a module's toAct is empty only at the end).
        if (m.view.waitingFor.length === 0) over = true;
        wake();
      }
    };
    // The snapshot may have come already.
    for (const m of p.sock.msgs) p.sock.onMessage(m);
  }
  let counter = 0;
  const seatLoop = async (p) => {
    const me = p.guest.player.id;
    let lastActed = -1;
    while (!over && !stop()) {
      const known = views.get(me);
      if (!known || known.seq === lastActed || !known.view.waitingFor.includes(me)) {
        if (known && known.view.waitingFor.length === 0) return;
        await new Promise((r) => {
          const before = wake;
          wake = () => {
            before();
            r();
          };
          setTimeout(r, 200);
        });
        continue;
      }
      lastActed = known.seq;
      await sleep(thinkMs);
      const { by: _by, ...command } = p.bot.choose(known.view, me);
      sampleCommand ??= command;
      const id = `c${++counter}-${randomBytes(3).toString("hex")}`;
      const from = p.sock.msgs.length;
      const sent = performance.now();
      p.sock.send({ type: "command", id, gameId, command });
      let seen = from;
      const answer = await new Promise((resolve) => {
        const check = () => {
          for (; seen < p.sock.msgs.length; seen++) {
            const m = p.sock.msgs[seen];
            if ((m.type === "ack" || m.type === "error") && m.id === id) {
              p.sock.waiters.delete(check);
              return resolve(m);
            }
          }
        };
        p.sock.waiters.add(check);
        check();
      });
      if (answer.type === "ack") onAck(performance.now() - sent);
      else onRefusal(answer);
    }
  };
  await Promise.all(people.map(seatLoop));
}

/** SEATS guests from as many addresses (`firstAddress` then 1, 2, ...), signed in. */
async function party(prefix, firstAddress) {
  const people = [];
  for (let i = 0; i < SEATS; i++) {
    const address = `${firstAddress}${i + 1}`;
    const g = await guest(`${prefix}${i + 1}`, address);
    people.push({ guest: g, sock: await Sock.signed(g.token, address), address });
  }
  return people;
}

// ---- the honest tables ---------------------------------------------------------------------------------
/** Latencies of honest commands, with when they completed (performance.now()). */
const honestAcks = [];
const honestRefusals = [];
let honestRunning = true;
const honestGames = [];
const honestTables = [];
if (!ATTACK) for (let t = 0; t < TABLES; t++) honestTables.push(await party(`honest${t}-`, `198.51.${100 + t}.`));
const honestLoops = honestTables.map(async (honest, t) => {
  // Tables start apart, so that their games do not start and end in step.
  await sleep((t * BETWEEN_GAMES_MS) / TABLES);
  while (honestRunning) {
    const { gameId, refused } = await startTable(honest);
    if (!gameId) {
      honestRefusals.push({ at: performance.now(), code: refused });
      await sleep(500);
      continue;
    }
    honestGames.push(gameId);
    await playGame(honest, gameId, {
      thinkMs: THINK_MS,
      onAck: (ms) => honestAcks.push({ at: performance.now(), ms }),
      onRefusal: (m) => honestRefusals.push({ at: performance.now(), code: m.code }),
      stop: () => !honestRunning,
    });
    // People look at the result before the next table (and join a table by code well within its budget).
    await sleep(BETWEEN_GAMES_MS);
  }
});

// ---- the attacks ---------------------------------------------------------------------------------------
/** Each attack comes from an address of its own, so that one attack's budgets do not blunt the next. */
let ATTACKER = process.env.ABUSE_ATTACKER ?? "203.0.113.100";
/** A finished game to replay (played out by bots of the attacker's own). */
async function finishedGame() {
  const crew = await party("crew", "203.0.113.1");
  const { gameId } = await startTable(crew);
  await playGame(crew, gameId, { thinkMs: 0 });
  for (const p of crew) await p.sock.close();
  return gameId;
}

const attacks = {
  /** 30 anonymous clients fetch replays as fast as answered: a finished game at every `at`, and the honest game. */
  async "replay-flood"(until, done) {
    const count = { ok: 0, limited: 0, other: 0 };
    const worker = async (w) => {
      for (let i = 0; performance.now() < until; i++) {
        const target = i % 2 === 0 ? `${done}/replay?at=${(i * 7 + w) % 60}` : `${honestGames.at(-1)}/replay`;
        const r = await fetch(`${URL_}/api/games/${target}`, { headers: { "x-forwarded-for": ATTACKER } });
        await r.arrayBuffer();
        if (r.ok) count.ok++;
        else if (r.status === 429) count.limited++;
        else count.other++;
      }
    };
    await Promise.all(Array.from({ length: 30 }, (_, w) => worker(w)));
    return `replays served ${count.ok}, refused 429 ${count.limited}, other ${count.other}`;
  },

  /** One address opens 2,000 sockets (no hello) and one player 60 signed-in ones. */
  async "socket-flood"(until) {
    const g = await guest("sockets", ATTACKER);
    const socks = [];
    let refused = 0;
    let failed = 0;
    const opening = [];
    for (let i = 0; i < 2_000 && performance.now() < until; i++) {
      opening.push(
        Sock.open(ATTACKER).then(
          (s) => socks.push(s),
          () => failed++,
        ),
      );
      if (i % 50 === 49) await Promise.all(opening.splice(0));
    }
    await Promise.all(opening);
    // The player's sockets from an address of their own, so that the player's budget, not the address's, answers.
    for (let i = 0; i < 60; i++) socks.push(await Sock.signed(g.token, `${ATTACKER}1`).catch(() => (failed++, null)));
    await sleep(Math.max(0, until - performance.now()));
    for (const s of socks) if (s && s.msgs.some((m) => m.code === "TOO_MANY_SOCKETS")) refused++;
    const open = socks.filter((s) => s && s.open).length;
    await Promise.all(socks.filter(Boolean).map((s) => s.close()));
    return `sockets tried ${socks.length + failed}, refused TOO_MANY_SOCKETS ${refused}, still open ${open}`;
  },

  /** One client creates guests as fast as answered. */
  async "guest-flood"(until) {
    let made = 0;
    let refused = 0;
    while (performance.now() < until) {
      const r = await fetch(`${URL_}/api/guests`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ATTACKER }, body: JSON.stringify({ name: `g${made}` }) });
      await r.arrayBuffer();
      if (r.ok) made++;
      else refused++;
    }
    return `guests made ${made}, refused ${refused}`;
  },

  /** One socket sends 470 frames of 15 KB a second (85% of them refused commands). */
  async "frame-flood"(until) {
    const g = await guest("flood", ATTACKER);
    const s = await Sock.signed(g.token, ATTACKER);
    const pad = "x".repeat(15_000);
    let sent = 0;
    const started = performance.now();
    let closedAt = null;
    void s.closed.then(() => (closedAt = performance.now()));
    while (performance.now() < until && closedAt === null) {
      for (let i = 0; i < 47 && s.open; i++, sent++) s.send({ type: "command", id: `f${sent}`, gameId: "no-such-game", command: { type: "flood", pad } });
      await sleep(100);
    }
    const closed = closedAt === null ? "never closed" : `closed after ${((closedAt - started) / 1000).toFixed(1)} s (${(await s.closed).code})`;
    await s.close();
    return `frames sent ${sent}, ${closed}`;
  },

  /** One player tries table codes as fast as answered. */
  async "join-guess"(until) {
    const g = await guest("guesser", ATTACKER);
    const s = await Sock.signed(g.token, ATTACKER);
    const count = { tried: 0, limited: 0, found: 0 };
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    while (performance.now() < until && s.open) {
      const code = Array.from(randomBytes(8), (b) => alphabet[b % 32]).join("");
      const r = await s.req({ type: "joinTable", code });
      count.tried++;
      if (r.code === "RATE_LIMITED") {
        count.limited++;
        await sleep(Math.min(r.retryAfterMs ?? 1000, until - performance.now()));
      } else if (r.type === "ok") count.found++;
    }
    await s.close();
    return `codes tried ${count.tried}, refused RATE_LIMITED ${count.limited}, tables found ${count.found}`;
  },

  /** A player starts as many bot games as allowed, then 250 sockets spectate all of them; its own seat floods refused commands. */
  async "games-and-spectators"(until) {
    const g = await guest("botfarm", ATTACKER);
    const host = { guest: g, sock: await Sock.signed(g.token, ATTACKER) };
    const games = [];
    let refused = 0;
    // Three tables at a time (the open tables' limit), started at once: racing starts must not pass the limit.
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([0, 1, 2].map(() => startTable([host], { seats: SEATS, turnSeconds: 5 })));
      for (const r of results) {
        if (r.gameId) games.push(r.gameId);
        else {
          refused++;
        }
      }
    }
    // 250 spectator sockets, over as many guests as the address may make (each player holds 16 at most).
    const watchers = [g];
    for (let i = 0; i < 16; i++) watchers.push((await guest(`watcher${i}`, ATTACKER)) ?? g);
    const spectators = [];
    for (let i = 0; i < 250; i++) {
      const s = await Sock.open(ATTACKER).catch(() => null);
      if (!s) continue;
      s.send({ type: "hello", token: watchers[i % watchers.length].token });
      spectators.push(s);
    }
    await sleep(200);
    for (const s of spectators) for (const gameId of games) s.send({ type: "spectate", gameId, rid: `s-${gameId}` });
    // Its seat in the first game sends, at 40 a second, a command an honest player sent once: out of turn, or no longer legal.
    let commands = 0;
    while (performance.now() < until) {
      for (let i = 0; i < 4; i++) host.sock.send({ type: "command", id: `x${commands++}`, gameId: games[0], command: sampleCommand });
      await sleep(100);
    }
    const watching = spectators.filter((s) => s.open).length;
    const answers = {};
    for (const m of host.sock.msgs) if (m.type === "error" && m.id?.startsWith("x")) answers[m.code] = (answers[m.code] ?? 0) + 1;
    await Promise.all([...spectators, host.sock].map((s) => s.close()));
    const codes = Object.entries(answers).map(([code, n]) => `${code} ${n}`).join(", ");
    return `bot games started ${games.length}, refused ${refused}; spectator sockets open ${watching}; out-of-turn commands sent ${commands}: ${codes}`;
  },
};

// ---- an attack's own process ---------------------------------------------------------------------------
if (ATTACK) {
  // What the main process knows: the honest game to replay, a command an honest player sent.
  honestGames.push(process.env.ABUSE_HONEST_GAME);
  sampleCommand = JSON.parse(process.env.ABUSE_SAMPLE_COMMAND ?? "null");
  const prepared = process.env.ABUSE_PREPARED || undefined;
  const outcome = await attacks[ATTACK](performance.now() + Number(process.env.ABUSE_FOR_MS), prepared);
  const used = process.cpuUsage();
  console.log(JSON.stringify({ outcome, cpuS: (used.user + used.system) / 1e6 }));
  process.exit(0);
}

/** Runs attack `name` in a process of its own for `forMs`; resolves with what it achieved. */
function attackElsewhere(name, forMs, prepared) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      ABUSE_ATTACK: name,
      ABUSE_URL: URL_,
      ABUSE_ATTACKER: ATTACKER,
      ABUSE_FOR_MS: String(forMs),
      ABUSE_PREPARED: prepared ?? "",
      ABUSE_HONEST_GAME: honestGames.at(-1) ?? "",
      ABUSE_SAMPLE_COMMAND: JSON.stringify(sampleCommand),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    setPriority(child.pid, ATTACKER_NICE);
  } catch {
    // Not allowed here: the attacker runs at the default priority (the row's attacker CPU still shows its cost).
  }
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      resolve(code === 0 && last.startsWith("{") ? JSON.parse(last) : { outcome: `the attack's process failed (exit ${code})`, cpuS: NaN });
    }),
  );
}

// ---- the run -------------------------------------------------------------------------------------------
/** What an attack needs ready before its phase starts (not timed). */
const setups = { "replay-flood": finishedGame };
const phases = [];
const f1 = (x) => +x.toFixed(1);
/** p50, p90 and p99 of latencies `sorted` (ascending), ms. */
const stats = (sorted) => ({ p50: f1(percentile(sorted, 50)), p90: f1(percentile(sorted, 90)), p99: f1(percentile(sorted, 99)) });
async function phase(name, attack) {
  const prepared = attack && setups[name] ? await setups[name]() : undefined;
  const from = performance.now();
  const until = from + PHASE_SECONDS * 1000;
  const loadFrom = loadavg()[0];
  const cpuFrom = serverCpuSeconds();
  const { outcome, cpuS: attackerCpuS } = attack ? await attackElsewhere(name, until - performance.now(), prepared) : { outcome: "", cpuS: 0 };
  // An attack cut short (its socket closed) still has its whole phase: the aftermath counts too.
  await sleep(Math.max(0, until - performance.now()));
  const to = performance.now();
  const acks = honestAcks.filter((a) => a.at >= from && a.at <= to);
  const lat = acks.map((a) => a.ms).sort((a, b) => a - b);
  // When in the phase the slow commands were: p99 of each 5 s slice (an attack's burst at its start shows).
  const slices = Array.from({ length: Math.max(1, Math.round((to - from) / 5_000)) }, () => []);
  for (const a of acks) slices[Math.min(slices.length - 1, Math.floor((a.at - from) / 5_000))].push(a.ms);
  const p99By5s = slices.map((ms) => f1(percentile(ms.sort((x, y) => x - y), 99)));
  const refusals = honestRefusals.filter((r) => r.at >= from && r.at <= to);
  const row = { phase: name, commands: lat.length, ...stats(lat), honestRefusals: refusals.map((r) => r.code), load1: `${loadFrom.toFixed(2)}-${loadavg()[0].toFixed(2)}`, serverCpuS: f1(serverCpuSeconds() - cpuFrom), attackerCpuS: f1(attackerCpuS), p99By5s, outcome, lat };
  const { lat: _lat, ...shown } = row;
  console.log(JSON.stringify(shown));
  phases.push(row);
}

try {
  // Warm-up: the first games' JIT and connections out of the way.
  await sleep(5_000);
  // Quiet and attacked phases alternate, so that the machine's drift shows in the quiet ones.
  await phase("quiet", null);
  for (const [i, [name, attack]] of Object.entries(attacks).entries()) {
    if (ONLY.length > 0 && !ONLY.includes(name)) continue;
    ATTACKER = `203.0.113.${100 + i}`;
    await phase(name, attack);
    await sleep(1_000);
    await phase("quiet", null);
  }
} finally {
  honestRunning = false;
  await Promise.race([Promise.all(honestLoops), sleep(5_000)]);
  for (const p of honestTables.flat()) await p.sock.close();
  await stopServer();
}

// The baseline: every quiet phase's commands together (thousands), measured as the attacks' phases are.
const quiet = phases.filter((p) => p.phase === "quiet");
const base = stats(quiet.flatMap((p) => p.lat).sort((a, b) => a - b));
const baseCount = quiet.reduce((n, p) => n + p.commands, 0);
const quietP99 = quiet.map((p) => p.p99);
console.log(`\nhonest: ${TABLES} tables of ${SEATS} people playing ${GAME}, think ${THINK_MS} ms, ${PHASE_SECONDS} s a phase; the attacker at nice ${ATTACKER_NICE}`);
console.log(`baseline: the ${quiet.length} quiet phases' ${baseCount} commands together: p50 ${base.p50} ms, p90 ${base.p90} ms, p99 ${base.p99} ms (one quiet phase's p99 alone: ${Math.min(...quietP99)} to ${Math.max(...quietP99)} ms)`);
console.log("| phase | honest commands | p50 ms | p90 ms | p99 ms | p50 / base | p99 / base | honest refused | load1 (from-to) | node CPU s | attacker CPU s | the attack |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
let held = true;
for (const p of phases) {
  const r50 = p.p50 / base.p50;
  const r99 = p.p99 / base.p99;
  if (p.phase !== "quiet" && (r99 > 2 || p.honestRefusals.length > 0 || p.commands === 0)) held = false;
  console.log(`| ${p.phase} | ${p.commands} | ${p.p50} | ${p.p90} | ${p.p99} | ${r50.toFixed(2)}x | ${r99.toFixed(2)}x | ${p.honestRefusals.length} | ${p.load1} | ${p.serverCpuS} | ${p.attackerCpuS} | ${p.outcome} |`);
}
console.log(`\n${held ? "HELD" : "NOT HELD"}: every attack's honest p99 within 2x of the baseline's and no honest refusal`);
process.exit(held ? 0 : 1);
