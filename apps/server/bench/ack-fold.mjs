// The ack folded into the event (hello feature ackInEvent), its send path alone, after `npm run build`:
//   node apps/server/bench/ack-fold.mjs
// One process holds both ends of a ws socket on loopback. Per command, the sender's real event frame of
// a 5-seat dice bot game (EventFrames), sent `apart` (the event, then an ack message: a client without
// the feature) or `folded` (FoldedAcks + withAck: one frame); 50 commands per tick through TickCork; the
// receiver parses every frame with parseServerMessage, as the SDK does. Prints the process CPU per
// command of each mode (modes alternated 6 times over ACK_FOLD_COMMANDS commands each, default 20,000;
// medians) and the ratio folded / apart.
import { createRequire } from "node:module";
const root = new URL("../../..", import.meta.url).pathname.replace(/\/$/, "");
const req = createRequire(`${root}/apps/server/package.json`);
const imp = (spec) => import(req.resolve(spec));
const { playMatch, replaySteps } = await imp("@bang/game-core");
const { games } = await imp("@bang/games");
const { parseServerMessage } = await imp("@bang/protocol");
const { WebSocketServer, WebSocket } = req("ws");
const { EventFrames } = await import(`${root}/apps/server/dist/games/frames.js`);
const { FoldedAcks } = await import(`${root}/apps/server/dist/gateway/folded-acks.js`);
const { TickCork } = await import(`${root}/apps/server/dist/gateway/tick-cork.js`);

const module = games().find((m) => m.id === "dice");
const players = ["p0", "p1", "p2", "p3", "p4"];
const frames = [];
for (let seed = 1; frames.length < 2000; seed++) {
  const setup = module.setupFor({ players, seed, options: {} });
  const match = playMatch(module, setup, (id) => module.bots.heuristic(players.indexOf(id) + seed));
  const steps = replaySteps(module, match.log);
  match.log.entries.forEach((e, i) => {
    const entry = { seq: i + 1, by: e.command.by, command: e.command, events: steps[i + 1].events, state: steps[i + 1].state };
    frames.push({ by: e.command.by, seq: i + 1, frame: new EventFrames(module, "g-1", entry).for({ kind: "player", id: e.command.by }) });
  });
}
const bytes = frames.reduce((n, f) => n + f.frame.text.length, 0) / frames.length;

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
await new Promise((r) => wss.once("listening", r));
const serverSide = new Promise((r) => wss.once("connection", (s, req) => r({ s, wire: req.socket })));
const client = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
await new Promise((r) => client.once("open", r));
const { s, wire } = await serverSide;
const cork = new TickCork(wire);
let answered = 0;
let waiting = null;
let received = 0;
client.on("message", (data) => {
  const parsed = parseServerMessage(data.toString("utf8"));
  if (!parsed.ok) throw new Error(parsed.message);
  received++;
  const m = parsed.message;
  if (m.type === "ack" || (m.type === "event" && m.ack !== undefined)) {
    answered++;
    if (waiting && answered >= waiting.n) waiting.resolve();
  }
});

/** One batch: `batch` commands answered in one tick (as 50 tables' commands of one stored batch). */
async function batchOf(mode, from, batch) {
  answered = 0;
  const done = new Promise((resolve) => (waiting = { n: batch, resolve }));
  for (let k = 0; k < batch; k++) {
    const { by, seq, frame } = frames[(from + k) % frames.length];
    const id = `c-${from + k}`;
    if (mode === "folded") {
      const acks = new FoldedAcks(by);
      const key = acks.sent("g-1", id);
      const f = acks.frameFor(frame, id);
      cork.hold();
      s.send(f.text);
      if (!acks.answered(key)) throw new Error("not folded");
    } else {
      cork.hold();
      s.send(frame.text);
      cork.hold();
      s.send(JSON.stringify({ type: "ack", id, gameId: "g-1", seq }));
    }
  }
  await done;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const COMMANDS = Number(process.env.ACK_FOLD_COMMANDS ?? 20000);
const BATCH = 50;
const results = { apart: [], folded: [] };
let at = 0;
for (const mode of ["apart", "folded"]) for (let i = 0; i < 2000; i += BATCH, at += BATCH) await batchOf(mode, at, BATCH); // warm-up
for (let round = 0; round < 6; round++) {
  for (const mode of round % 2 === 0 ? ["apart", "folded"] : ["folded", "apart"]) {
    const t0 = cpu();
    const w0 = performance.now();
    for (let i = 0; i < COMMANDS; i += BATCH, at += BATCH) await batchOf(mode, at, BATCH);
    results[mode].push({ cpuUs: ((cpu() - t0) * 1000) / COMMANDS, wallUs: ((performance.now() - w0) * 1000) / COMMANDS });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const out = {};
for (const mode of ["apart", "folded"]) out[mode] = { cpuUsPerCommand: median(results[mode].map((r) => r.cpuUs)).toFixed(1), runs: results[mode].map((r) => r.cpuUs.toFixed(1)).join(" ") };
console.log(JSON.stringify({ eventBytes: Math.round(bytes), commandsPerRun: COMMANDS, ...out, ratio: (median(results.folded.map((r) => r.cpuUs)) / median(results.apart.map((r) => r.cpuUs))).toFixed(3) }));
client.close();
wss.close();
process.exit(0);
