/**
 * DESIGN invariant 3, acknowledged means durable, at full load, on PGlite and on PostgreSQL: TABLES
 * dice tables of 5 SDK seats whose bots never think, the log writer's batches full (LOG_BATCH_MAX is
 * small so that this many tables fill them; on PostgreSQL several flushes run at once), and the server
 * SIGKILLed right after its /metrics showed a backlog and flushes running, ROUNDS times in a row. The
 * acks are the frames the clients received: a plain `ack` (seats that do not name the hello feature
 * `ackInEvent`) or the ack folded into the command's event (the others). Read from the database itself,
 * as each crash left it and in the end:
 * - every acknowledged command id is stored in its game's log, by its sender, at the seq its ack gave;
 * - each game's seqs are 1..n once each, no command id is stored twice, and every stored command is
 *   one a client sent (the server's bots never play: the disconnect grace outlasts the test);
 * - a command in flight at a kill (sent, no ack received) is stored once or not at all, and its ack
 *   after the restart gives the seq it has.
 * The restarted server resumes a new client at or past the seq the crash left, and the seats' clients
 * carry on by themselves.
 *
 * Where a kill lands in the writer's work is chance; on PostgreSQL a last case makes it certain that
 * writes are uncommitted when the node dies (see its own comment).
 */
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { PlayerView } from "@bang/game-dice";
import type { GameCommand } from "@bang/protocol";
import { closeAll, connectAs, connectPlayer, http, playSeat, startTable, type Player, type Seat } from "./support/players.js";
import { BACKENDS, METRICS_TOKEN, useServer, type TestServer } from "./support/server.js";
import { captureLog, sourceOf, storedLog, type StoredRow } from "./support/stored-log.js";

const TABLES = 40;
const SEATS = 5;
/** The log writer's largest batch: small enough for TABLES tables, each with one command at a time, to fill. */
const LOG_BATCH_MAX = 8;
/** Crashes in a row: each kill lands at another moment of the writer's work. */
const ROUNDS = 2;
/** Acknowledged commands between a start and the next kill, over all tables. */
const ACKS_PER_ROUND = 240;
/** Tables of the case whose log writes are held in PostgreSQL. */
const HELD_TABLES = 10;
/** Log writer transactions that must be running at the last scrape before the kill. */
const RUNNING_AT_KILL = { pglite: 1, postgresql: 2 } as const;
/** Tables set up at once (each is a dozen sequential requests). */
const SETUP_CONCURRENCY = 10;

/** A command as its sender knew it. */
interface Sent {
  gameId: string;
  id: string;
  by: string;
  command: GameCommand;
}

/** An ack a client received: `folded` when it came inside the command's event. */
interface AckFrame {
  gameId: string;
  id: string;
  seq: number;
  folded: boolean;
}

/** The ack a frame carries, if any: `{type:"ack",id,gameId,seq}` or an event with `ack: id`. */
function ackOf(text: string): AckFrame | null {
  if (!text.includes('"ack"')) return null; // most frames: no JSON parse
  const m = JSON.parse(text) as { type?: string; id?: string; ack?: string; gameId?: string; seq?: number };
  if (m.type === "ack" && m.id && m.gameId && m.seq) return { gameId: m.gameId, id: m.id, seq: m.seq, folded: false };
  if (m.type === "event" && m.ack && m.gameId && m.seq) return { gameId: m.gameId, id: m.ack, seq: m.seq, folded: true };
  return null;
}

/** The writer's figures from GET /metrics: the backlog and the transactions running now, the flushes so far. */
interface WriterFigures {
  pending: number;
  running: number;
  flushes: number;
  /** Flushes of more than LOG_BATCH_MAX / 2 entries (histogram buckets 1, 2, 4, 8, ...). */
  fullFlushes: number;
}

async function writerFigures(srv: TestServer): Promise<WriterFigures> {
  const { status, body } = await http(`${srv.url}/metrics`, { token: METRICS_TOKEN });
  if (status !== 200 || typeof body !== "string") throw new Error(`GET /metrics answered ${status}`);
  const value = (line: string): number => {
    const found = body.split("\n").find((l) => l.startsWith(`${line} `));
    if (!found) throw new Error(`no ${line} in /metrics`);
    return Number(found.slice(line.length + 1));
  };
  const upTo = (le: number) => value(`bang_log_flush_entries_bucket{le="${le}"}`);
  return { pending: value("bang_log_pending_entries"), running: value("bang_log_flushes_running"), flushes: value("bang_log_flush_entries_count"), fullFlushes: upTo(LOG_BATCH_MAX) - upTo(LOG_BATCH_MAX / 2) };
}

/** Runs `task` over `items`, at most `limit` at a time; resolves with the results in order. */
async function pooled<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function until(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const withoutBy = (command: Record<string, unknown>): Record<string, unknown> => {
  const { by: _by, ...rest } = command;
  return rest;
};

/**
 * Checks a stored log: each game's seqs are 1..n once each, no command id is stored twice (across the
 * games too: the SDK's ids are random), and every entry is a command a client sent, by its sender.
 */
function checkLog(rows: readonly StoredRow[], gameIds: readonly string[], sent: ReadonlyMap<string, Sent>): void {
  for (const gameId of gameIds) {
    const seqs = rows.filter((r) => r.gameId === gameId).map((r) => r.seq);
    expect(seqs, `seqs of game ${gameId}`).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  }
  expect(new Set(rows.map((r) => r.clientCommandId)).size, "distinct command ids").toBe(rows.length);
  for (const r of rows) {
    const c = sent.get(r.clientCommandId);
    expect({ gameId: r.gameId, by: r.playerId, command: withoutBy(r.command) }, `stored command ${r.clientCommandId}`).toEqual(c && { gameId: c.gameId, by: c.by, command: c.command });
  }
}

/** Tables of SDK seats playing without thinking, and what their clients sent and received. */
interface Load {
  tables: { gameId: string; group: Player[] }[];
  gameIds: string[];
  /** Every command sent, by id. */
  sent: Map<string, Sent>;
  /** Every ack received, in order. */
  acks: AckFrame[];
}

/**
 * Seats `tables` dice tables of SEATS fresh players on `srv` and starts their seats playing with no
 * pause (added to `players` and `seats` for the suite's cleanup). Half the seats take their acks
 * folded into events (the SDK's default), half as `ack` frames.
 */
async function startLoad(srv: TestServer, tables: number, players: Player[], seats: Seat<PlayerView>[]): Promise<Load> {
  const sent = new Map<string, Sent>();
  const acks: AckFrame[] = [];
  const onFrame = (text: string) => {
    const ack = ackOf(text);
    if (ack) acks.push(ack);
  };
  const seated = await pooled(Array.from({ length: tables }, (_, t) => t), SETUP_CONCURRENCY, async (t) => {
    const group: Player[] = [];
    for (let s = 0; s < SEATS; s++) {
      group.push(await connectPlayer(srv.url, `t${t}s${s}`, { keepFrames: false, onFrame, client: { ackInEvent: (t + s) % 2 === 0 } }));
    }
    players.push(...group);
    const { gameId } = await startTable(group, { seats: SEATS, turnSeconds: 600 });
    return { gameId, group };
  });
  for (const [t, { gameId, group }] of seated.entries()) {
    for (const [s, p] of group.entries()) {
      seats.push(
        playSeat<PlayerView>(p, gameId, {
          seed: t * SEATS + s,
          kind: s === 0 ? "random" : "heuristic",
          timeoutMs: 300_000,
          beforeSend: (_view, command, id) => sent.set(id, { gameId, id, by: p.id, command }),
        }),
      );
    }
  }
  return { tables: seated, gameIds: seated.map((t) => t.gameId), sent, acks };
}

/** Expects every ack in `acks` to name the command stored at its seq in `rows` (the failure lists every ack that does not). */
function expectAcksStored(acks: readonly AckFrame[], rows: readonly StoredRow[]): void {
  const at = new Map(rows.map((r) => [`${r.gameId} ${r.seq}`, r.clientCommandId]));
  const lost = acks.filter((a) => at.get(`${a.gameId} ${a.seq}`) !== a.id).map((a) => ({ ...a, stored: at.get(`${a.gameId} ${a.seq}`) ?? null }));
  expect(lost, `acknowledged commands not stored at their seq (of ${acks.length} acks)`).toEqual([]);
}

/** Expects every row of `before` (an earlier read of the log) unchanged in `rows`. */
function expectKept(before: readonly StoredRow[], rows: readonly StoredRow[]): void {
  const at = new Map(rows.map((r) => [`${r.gameId} ${r.seq}`, r]));
  const changed = before.filter((r) => !isDeepStrictEqual(at.get(`${r.gameId} ${r.seq}`), r));
  expect(changed, "entries of the earlier log missing or changed").toEqual([]);
}

for (const backend of BACKENDS) {
  describe(`SIGKILL at full load on ${backend}`, () => {
    // A grace longer than the test: the server's bot never plays for a seat, so every log entry is a
    // command some client sent.
    const server = useServer({ backend, disconnectGraceMs: 600_000, env: { LOG_BATCH_MAX: String(LOG_BATCH_MAX) } });
    const players: Player[] = [];
    const seats: Seat<PlayerView>[] = [];
    afterAll(async () => {
      for (const s of seats) s.stop();
      await closeAll(players);
    });

    it("loses no acknowledged command, stores none twice, and resumes every client, crash after crash", async () => {
      const srv = server();
      if (srv.pid === null) await srv.restart(); // a retry after a failed attempt that stopped it
      // Nobody thinks: each table always has its next command on the way.
      const { tables, gameIds, sent, acks } = await startLoad(srv, TABLES, players, seats);
      /** Commands in flight at a kill, with their entry in the log the crash left (if any). */
      const inFlight: { command: Sent; atCrash: StoredRow | undefined }[] = [];
      let previousCrash: StoredRow[] = [];
      const report: string[] = [];

      for (let round = 1; round <= ROUNDS; round++) {
        // The kill comes right after a scrape that shows a backlog of at least a full batch and flushes
        // running (several on PostgreSQL, where LOG_MAX_IN_FLIGHT is 3; PGlite runs one at a time),
        // once full batches have been written and enough commands acknowledged since the last start.
        const ackedAtStart = acks.length;
        const t0 = Date.now();
        let figures: WriterFigures = { pending: 0, running: 0, flushes: 0, fullFlushes: 0 };
        await until(
          `round ${round}: ${ACKS_PER_ROUND} acks and a backlog of a full batch (acks ${acks.length - ackedAtStart}, writer ${JSON.stringify(figures)})`,
          async () => {
            if (acks.length < ackedAtStart + ACKS_PER_ROUND) return false;
            figures = await writerFigures(srv);
            return figures.pending >= LOG_BATCH_MAX && figures.running >= RUNNING_AT_KILL[backend] && figures.fullFlushes > 0;
          },
          30_000,
          1,
        );
        const loaded = Date.now() - t0;
        expect(await srv.kill()).toEqual({ code: null, signal: "SIGKILL" });
        const t1 = Date.now();
        // Acks the dead server had sent may still be on their way in: a socket's close comes after them.
        await until("every socket closed", () => players.every((p) => p.sockets.at(-1)!.closed !== null), 10_000);
        const ackedAtKill = [...acks];
        const ackedIds = new Set(ackedAtKill.map((a) => a.id));
        const unanswered = [...sent.values()].filter((c) => !ackedIds.has(c.id));
        // Killed under load: at least a full batch of commands unanswered, acks of both kinds received.
        expect(unanswered.length).toBeGreaterThanOrEqual(LOG_BATCH_MAX);
        expect(ackedAtKill.some((a) => a.folded) && ackedAtKill.some((a) => !a.folded)).toBe(true);
        const running = tables.filter((t) => t.group[0]!.client.view(t.gameId)!.waitingFor.length > 0).length;
        expect(running).toBeGreaterThanOrEqual(2 * LOG_BATCH_MAX);

        // Back on the same data, while the log as the crash left it is read. Every acknowledged command
        // is there, at the seq its ack gave; what was there at the last crash is there still. What was
        // in flight is there once (checkLog: no id twice) or not at all.
        const captured = await captureLog(srv, gameIds);
        const restarted = srv.restart();
        restarted.catch(() => undefined); // awaited below; a failed check meanwhile must not leave it unhandled
        const atCrash = await captured.rows;
        checkLog(atCrash, gameIds, sent);
        expectAcksStored(ackedAtKill, atCrash);
        expectKept(previousCrash, atCrash);
        previousCrash = atCrash;
        const crashIds = new Map(atCrash.map((r) => [r.clientCommandId, r]));
        for (const command of unanswered) inFlight.push({ command, atCrash: crashIds.get(command.id) });

        // A client that knows nothing of the game (a player's new program) resumes it at or past the
        // seq the crash left, so at or past every ack; the seats' own clients reconnect, send what was
        // in flight again under the same ids and get its answer (the stored one, or it is applied now).
        const lastStored = new Map<string, number>();
        for (const r of atCrash) lastStored.set(r.gameId, Math.max(r.seq, lastStored.get(r.gameId) ?? 0));
        const lastAcked = new Map<string, number>();
        for (const a of ackedAtKill) lastAcked.set(a.gameId, Math.max(a.seq, lastAcked.get(a.gameId) ?? 0));
        await restarted;
        const t2 = Date.now();
        const resumed = await Promise.all(
          tables.map(async ({ gameId, group }) => {
            const fresh = await connectAs(srv.url, group[0]!.guest, { keepFrames: false });
            try {
              return { gameId, seq: (await fresh.client.resume(gameId)).seq };
            } finally {
              await fresh.client.close();
            }
          }),
        );
        for (const r of resumed) {
          expect(r.seq, `game ${r.gameId} resumed`).toBeGreaterThanOrEqual(lastStored.get(r.gameId)!);
          expect(r.seq, `game ${r.gameId} resumed`).toBeGreaterThanOrEqual(lastAcked.get(r.gameId)!);
        }
        await until("every seat's client on a new socket", () => players.every((p) => p.sockets.length >= round + 1), 30_000, 20);
        await until("an ack for every command in flight at the kill", () => {
          const answered = new Set(acks.map((a) => a.id));
          return unanswered.every((c) => answered.has(c.id));
        }, 30_000, 20);
        report.push(
          `round ${round} (${loaded} ms of play, ${t2 - t1} ms from the kill to ready, ${Date.now() - t2} ms to resume): ${ackedAtKill.length - ackedAtStart} acks (${ackedAtKill.slice(ackedAtStart).filter((a) => a.folded).length} folded), ` +
            `${unanswered.length} in flight (${unanswered.filter((c) => crashIds.has(c.id)).length} stored by the crash), writer ${JSON.stringify(figures)}, ${running} games running`,
        );
      }
      // The games go on; then the seats stop and the server drains its writer.
      const ackedAfter = acks.length;
      await until(`play after the last restart (acks ${acks.length})`, () => acks.length >= ackedAfter + TABLES, 30_000, 20);
      for (const s of seats) s.stop();
      await closeAll(players);
      await srv.stop();

      // The log in the end: still one command per seq and per id; every ack, before the kills and after
      // them, at its seq; nothing stored by the last crash moved; a command in flight at a kill got the
      // seq it was stored at before that crash, or was stored once after it.
      const final = await storedLog(sourceOf(srv), gameIds);
      checkLog(final, gameIds, sent);
      expectAcksStored(acks, final);
      expectKept(previousCrash, final);
      for (const { command, atCrash } of inFlight) {
        const seqs = new Set(acks.filter((a) => a.id === command.id).map((a) => a.seq));
        if (atCrash) expect(seqs, `command ${command.id}`).toEqual(new Set([atCrash.seq]));
        else expect(final.filter((r) => r.clientCommandId === command.id).map((r) => r.seq), `command ${command.id}`).toEqual([...seqs]);
      }
      console.info(`crash-load ${backend}: ${report.join("; ")}; ${final.length} entries in the end`);
    }, 120_000);
  });
}

/**
 * The same promise, made independent of when the kill lands: on PostgreSQL the test holds the games'
 * rows locked (SELECT ... FOR UPDATE in an open transaction), so every log write waits inside the
 * database, uncommitted. The server is SIGKILLed while its flushes wait, its sessions are ended (their
 * transactions roll back: those writes never commit), the lock is let go. No ack may have been sent
 * for a write that was waiting: each ack a client received names a stored command at its seq.
 */
describe("SIGKILL while the log writes wait in PostgreSQL, uncommitted", () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 600_000, env: { LOG_BATCH_MAX: String(LOG_BATCH_MAX) } });
  const players: Player[] = [];
  const seats: Seat<PlayerView>[] = [];
  afterAll(async () => {
    for (const s of seats) s.stop();
    await closeAll(players);
  });

  it("no command whose write never committed was acknowledged", async () => {
    const srv = server();
    if (srv.pid === null) await srv.restart(); // a retry after a failed attempt that killed it
    const { gameIds, sent, acks } = await startLoad(srv, HELD_TABLES, players, seats);
    await until(`${HELD_TABLES * 5} acks (${acks.length})`, () => acks.length >= HELD_TABLES * 5, 30_000, 5);

    const db = new pg.Client({ connectionString: srv.databaseUrl! });
    await db.connect();
    try {
      await db.query("BEGIN");
      await db.query(`SELECT id FROM "Game" WHERE id = ANY($1::text[]) FOR UPDATE`, [gameIds]);
      // Every table's next command is now held in a flush that cannot commit.
      let figures: WriterFigures = { pending: 0, running: 0, flushes: 0, fullFlushes: 0 };
      await until(
        `every table's command held (writer ${JSON.stringify(figures)})`,
        async () => {
          figures = await writerFigures(srv);
          return figures.pending >= HELD_TABLES && figures.running >= 1;
        },
        30_000,
        20,
      );
      // Time for an ack of a held write, if the server sent one, to reach its client.
      await new Promise((r) => setTimeout(r, 300));
      expect(await srv.kill()).toEqual({ code: null, signal: "SIGKILL" });
      await until("every socket closed", () => players.every((p) => p.sockets.at(-1)!.closed !== null), 10_000);
      // The dead node's sessions end: their waiting statements roll back, as if the database had died.
      await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      await db.query("ROLLBACK");
    } finally {
      await db.end();
    }
    const rows = await storedLog(sourceOf(srv), gameIds);
    checkLog(rows, gameIds, sent);
    expectAcksStored(acks, rows);
    const stored = new Set(rows.map((r) => r.clientCommandId));
    const lost = [...sent.keys()].filter((id) => !stored.has(id));
    // The held writes are gone, and none of them had been acknowledged.
    expect(lost.length).toBeGreaterThanOrEqual(HELD_TABLES);
    console.info(`crash-load held: ${acks.length} acks, ${rows.length} entries stored, ${lost.length} commands held and never stored`);
  }, 120_000);
});
