// Micro bench of the SDK's CPU per command (issue 19), in CPU time (process.cpuUsage, user + system),
// without a network: 5 BangClients of one table over an in-memory WebSocket, played as bench:peers'
// driver played them before its round 2 (the seat to act sends and waits for its event, the 4 others
// wait for a state past the last seq: `waits` = waitFor), or as it plays them since (`seat`: the 4
// others wait for their turn, see below), fed per command what bench:peers' clients receive per command (5 event frames, the
// sender's with its ack folded in, 1.8 presence frames, 0.7 table frames: half the same table again,
// half a changed one). The frames' texts are built by string concatenation around prebuilt parts, so
// the fake server costs little next to the SDK. Prints the median CPU per command and the median
// number of young-generation collections per 1000 commands (they follow the bytes allocated). After
// `npm run build`:
//   node packages/client/bench/per-command.mjs [worktree, default this one] [label] [waits]
// (another worktree's builds compare: run it with each worktree's path, alternately). `waits` is how
// the seats wait: `waitFor` (default: a client.waitFor per state, as the SDK's callers do) or `seat`
// (as the load generator's seats do since its round 2: @bang/bots' SeatWait of the same worktree).
import { fileURLToPath } from "node:url";
import { constants, PerformanceObserver } from "node:perf_hooks";

const [root = fileURLToPath(new URL("../../..", import.meta.url)), label = root, waits = "waitFor"] = process.argv.slice(2);
if (waits !== "waitFor" && waits !== "seat") throw new Error(`per-command: waits must be waitFor or seat, got ${waits}`);
const { connect } = await import(`${root}/packages/client/dist/index.js`);
const { SeatWait } = waits === "seat" ? await import(`${root}/packages/bots/dist/remote/seat-wait.js`) : {};

const GAME_ID = "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11";
const SEATS = 5;
const COMMANDS = 4000;
const ids = Array.from({ length: SEATS }, (_, i) => `5b0f3c1e-7a6d-4c1b-9f2e-3d4c5b6a7e8${i}`);
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** The view part of an event frame for `viewer`, waiting for `turn` (a dice view as bench:peers' games send it). */
function viewText(viewer, turn, stateId) {
  return JSON.stringify({
    viewer: { kind: "player", id: viewer },
    stateId,
    phase: "rolling",
    turn,
    turnNumber: 9,
    waitingFor: [turn],
    players: ids.map((id, i) => ({ id, character: "bart_cassidy", life: 8, maxLife: 8, arrows: 1, alive: true, role: i === 0 ? "sheriff" : null })),
    arrowsInPile: 7,
    dice: ["arrow", "beer", "1", "2", "gatling"],
    rolls: 1,
    maxRolls: 3,
    exploded: false,
    healPending: false,
    reaction: null,
    winner: null,
  });
}
/** views[viewer][turn]: prebuilt view texts (stateId patched in by replacing a marker). */
const views = ids.map((viewer) => ids.map((turn) => viewText(viewer, turn, 999_999_999).split("999999999")));
const table = (n) => ({
  code: "AB12",
  hostId: ids[0],
  options: { game: "dice", seats: SEATS, botsAllowed: true, botKind: "heuristic", turnSeconds: 60, gameOptions: {} },
  seats: ids.map((id, index) => ({ index, playerId: id, name: `bot${index + 1}`, bot: null, ready: true, connected: index !== n % SEATS })),
  status: "playing",
  gameId: GAME_ID,
});
const tableFrames = [0, 1].map((n) => JSON.stringify({ type: "table", table: table(n) }));
const presenceFrame = JSON.stringify({ type: "presence", gameId: GAME_ID, away: [], replaced: [], connected: ids, timers: [{ playerId: ids[1], remainingMs: 59_000 }], turnMs: 60_000 });

/** The fake server's side: every socket of the table, the game's seq and whose turn it is. */
const sockets = [];
let seq = 0;
let turn = 0;
let deliveries = [];
let scheduled = false;
function deliver(socket, text) {
  deliveries.push(socket, text);
  if (scheduled) return;
  scheduled = true;
  // A macrotask per batch, as socket reads come.
  setImmediate(() => {
    scheduled = false;
    const batch = deliveries;
    deliveries = [];
    for (let i = 0; i < batch.length; i += 2) if (batch[i].readyState === 1) batch[i].onmessage?.({ data: batch[i + 1] });
  });
}
function onCommand(socket, frame) {
  const { id } = JSON.parse(frame);
  seq += 1;
  const by = ids[turn];
  turn = (turn + 1) % SEATS;
  for (const s of sockets) {
    const [before, after] = views[s.seat][turn];
    const ack = s === socket ? `,"ack":${JSON.stringify(id)}` : "";
    deliver(s, `{"type":"event","gameId":"${GAME_ID}","game":"dice","seq":${seq},"by":"${by}","command":{"type":"reroll","indexes":[0,2]},"events":[{"type":"rolled","faces":["arrow","beer"]}],"view":${before}${seq}${after}${ack}}`);
    // 1.8 presence and 0.7 table frames per command over the 5 clients.
    if (seq % 3 !== 0) deliver(s, presenceFrame);
    if (seq % 7 === 0) deliver(s, tableFrames[(seq / 7) % 2 === 0 || (seq / 7) % 4 === 1 ? 0 : 1]);
  }
}

class FakeSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  seat = -1;
  constructor() {
    setImmediate(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  send(frame) {
    if (frame.startsWith('{"type":"hello"')) {
      this.seat = sockets.length;
      sockets.push(this);
      deliver(this, JSON.stringify({ type: "welcome", player: { id: ids[this.seat], name: `bot${this.seat + 1}` } }));
      deliver(this, JSON.stringify({ type: "snapshot", gameId: GAME_ID, game: "dice", seq: 0, view: JSON.parse(views[this.seat][0].join("0")) }));
    } else if (frame.startsWith('{"type":"command"')) onCommand(this, frame);
  }
  close() {
    this.readyState = 3;
    setImmediate(() => this.onclose?.({ code: 1000, reason: "" }));
  }
}

const clients = [];
for (let i = 0; i < SEATS; i++) clients.push(await connect({ url: "ws://fake/ws", token: `t${i}`, WebSocket: FakeSocket, heartbeatMs: 0 }));
await Promise.all(clients.map((c) => c.waitFor((_, g) => g === GAME_ID)));

/** Plays `n` commands as the SDK's callers do: the seat to act sends, then everyone waits for a state past it. */
async function playWaitFor(n) {
  const until = seq + n;
  await Promise.all(
    clients.map(async (client, i) => {
      for (;;) {
        const last = client.lastSeq(GAME_ID);
        if (last >= until) return;
        if (client.view(GAME_ID).waitingFor[0] === ids[i] && last === seq) {
          const ack = await client.send(GAME_ID, { type: "reroll", indexes: [0, 2] });
          await client.waitFor((_, g, s) => g === GAME_ID && s >= ack.seq);
        } else await client.waitFor((_, g, s) => g === GAME_ID && s > last);
      }
    }),
  );
}

/**
 * `seat`: the load generator's seats (@bang/bots' SeatWait, one per client for the whole bench): the
 * seat to act sends and waits for its event, the others wait for their turn. They play on from run to
 * run: the seat to act at a run's last seq waits for the next run to begin.
 */
const stalled = (what, ms) => new Error(`stalled: ${what} in ${ms} ms`);
const what = (s) => `seq ${s}`;
let limit = 0;
let runDone = () => {};
let nextRun = null;
const seatWaits = [];
if (SeatWait) {
  let begun = new Promise((resolve) => (nextRun = resolve));
  for (const [i, client] of clients.entries()) {
    const waits = new SeatWait(client, GAME_ID, 10_000, stalled);
    seatWaits.push(waits);
    void (async () => {
      for (;;) {
        if (client.view(GAME_ID).waitingFor[0] !== ids[i]) await waits.untilTurn(ids[i], what);
        else if (client.lastSeq(GAME_ID) >= limit) {
          runDone();
          await begun;
          begun = new Promise((resolve) => (nextRun = resolve));
        } else {
          const ack = await client.send(GAME_ID, { type: "reroll", indexes: [0, 2] });
          await waits.until(ack.seq, what);
        }
      }
    })().catch((error) => {
      // The end: the waits are closed (CLOSED); anything else is the bench's bug.
      if (error?.code !== "CLOSED") throw error;
    });
  }
}
async function playSeats(n) {
  limit = seq + n;
  const done = new Promise((resolve) => (runDone = resolve));
  nextRun();
  await done;
  // The others' last frames are in the same batch: let them in.
  await new Promise((resolve) => setImmediate(resolve));
}
const play = SeatWait ? playSeats : playWaitFor;

// Young-generation collections (scavenges): their number follows the bytes allocated.
let scavenges = 0;
const gcs = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
});
gcs.observe({ entryTypes: ["gc"] });

await play(COMMANDS); // warm-up
const rows = [];
const gcRows = [];
for (let r = 0; r < 5; r++) {
  const t = cpu();
  const s = scavenges;
  await play(COMMANDS);
  rows.push((cpu() - t) / COMMANDS);
  // Observer entries arrive a tick late: let them in before reading.
  await new Promise((resolve) => setImmediate(resolve));
  gcRows.push(((scavenges - s) * 1000) / COMMANDS);
}
gcs.disconnect();
const median = (xs) => xs.slice().sort((a, b) => a - b)[2];
for (const waits of seatWaits) waits.close();
await Promise.all(clients.map((c) => c.close()));
console.log(`${label}${SeatWait ? " (seat waits)" : ""}: SDK ${median(rows).toFixed(1)} µs CPU/command, ${median(gcRows).toFixed(1)} scavenges per 1000 commands (5 clients, ${COMMANDS} commands a run; CPU of the runs ${rows.map((x) => x.toFixed(1)).join(", ")}; medians of 5)`);
