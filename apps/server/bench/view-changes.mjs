// An event's view changes (hello feature viewChanges) against the whole view, after `npm run build`:
//   node apps/server/bench/view-changes.mjs
// Every game of the registry, bot games at its largest and smallest seat counts (VIEW_CHANGES_GAMES
// games each, default 20, UUID player ids as the server makes them): per entry, each player's event
// frame as a socket without the feature gets it (EventFrames.for) and as one with it
// (EventFrames.changesFor, the game's LastViews). Prints per game and seat count the mean bytes per
// event frame of both, their ratio, and the mean time to parse a frame (JSON.parse plus the protocol's
// quick check, parseServerMessage) and to make and serialise the frame of one viewer (µs; one
// process, no socket: a guide, not a measurement of the server). Then the CPU per command of a 5-seat
// dice table's frames, made by the server and received by its clients, with and without (below).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
const root = new URL("../../..", import.meta.url).pathname.replace(/\/$/, "");
const req = createRequire(`${root}/apps/server/package.json`);
const imp = (spec) => import(req.resolve(spec));
const { playMatch, replaySteps } = await imp("@bang/game-core");
const { games } = await imp("@bang/games");
const { parseServerMessage } = await imp("@bang/protocol");
const { EventFrames } = await import(`${root}/apps/server/dist/games/frames.js`);
const { LastViews } = await import(`${root}/apps/server/dist/games/view-changes.js`);

const GAMES = Number(process.env.VIEW_CHANGES_GAMES ?? 20);

/** The entries of a bot game of `module` with `seats` UUID players. */
function entriesOf(module, seats, seed) {
  const players = Array.from({ length: seats }, () => randomUUID());
  const setup = module.setupFor({ players, seed, options: {} });
  const match = playMatch(module, setup, (id) => module.bots.heuristic(players.indexOf(id) + seed));
  const steps = replaySteps(module, match.log);
  return { players, entries: match.log.entries.map((e, i) => ({ seq: i + 1, by: e.command.by, command: e.command, events: steps[i + 1].events, state: steps[i + 1].state })) };
}

function parseUs(texts) {
  const t0 = performance.now();
  for (const t of texts) parseServerMessage(t);
  return ((performance.now() - t0) * 1000) / texts.length;
}

console.log("game         seats  frames  whole B/frame  changes B/frame  ratio  parse whole µs  parse changes µs  make whole µs  make changes µs");
for (const module of games()) {
  // The largest count the game deals without options (the card game's 8 needs one), and the smallest.
  const largest = Array.from({ length: module.seats.max - module.seats.min + 1 }, (_, i) => module.seats.max - i).find((n) => module.create(module.setupFor({ players: Array.from({ length: n }, (_, i) => `p${i}`), seed: 1, options: {} })).ok);
  for (const seats of [...new Set([largest, module.seats.min])]) {
    const whole = [];
    const changes = [];
    let makeWhole = 0;
    let makeChanges = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const { players, entries } = entriesOf(module, seats, seed);
      const lastViews = new LastViews();
      const viewers = players.map((id) => ({ kind: "player", id }));
      for (const entry of entries) {
        // Made apart, so that each side pays for its own view and serialisation.
        let t0 = performance.now();
        const plain = new EventFrames(module, "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", entry);
        for (const v of viewers) whole.push(plain.for(v).text);
        makeWhole += performance.now() - t0;
        t0 = performance.now();
        const shared = new EventFrames(module, "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", entry, lastViews);
        for (const v of viewers) changes.push(shared.changesFor(v).text);
        makeChanges += performance.now() - t0;
      }
    }
    const mean = (texts) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / texts.length;
    // Warm both parse paths, then measure each twice and keep the second.
    parseUs(whole.slice(0, 2000));
    parseUs(changes.slice(0, 2000));
    const pw = (parseUs(whole), parseUs(whole));
    const pc = (parseUs(changes), parseUs(changes));
    const row = [
      module.id.padEnd(12),
      String(seats).padStart(5),
      String(whole.length).padStart(7),
      mean(whole).toFixed(0).padStart(14),
      mean(changes).toFixed(0).padStart(16),
      (mean(changes) / mean(whole)).toFixed(2).padStart(6),
      pw.toFixed(2).padStart(15),
      pc.toFixed(2).padStart(17),
      ((makeWhole * 1000) / whole.length).toFixed(2).padStart(14),
      ((makeChanges * 1000) / changes.length).toFixed(2).padStart(16),
    ];
    console.log(row.join("  "));
  }
}

// CPU per command of a 5-seat dice table (bench:peers' tables), each player's frame of every entry:
// the server making and serialising the frames (`for` against `changesFor`), and a client parsing its
// frame and, with changes, rebuilding the whole view (the SDK's GameTracker). Alternated ROUNDS times;
// process CPU (user + system), medians.
const { GameTracker } = await imp("@bang/client");
const ROUNDS = 7;
const dice = games().find((m) => m.id === "dice");
const tables = Array.from({ length: 40 }, (_, i) => entriesOf(dice, 5, 100 + i));
const cpuMs = (run) => {
  const t0 = process.cpuUsage();
  run();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
};
const commands = tables.reduce((n, t) => n + t.entries.length, 0);
const texts = { whole: [], changes: [] };
const make = (mode) => {
  const out = [];
  for (const { players, entries } of tables) {
    const lastViews = mode === "changes" ? new LastViews() : undefined;
    const viewers = players.map((id) => ({ kind: "player", id }));
    for (const entry of entries) {
      const frames = new EventFrames(dice, "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", entry, lastViews);
      for (const v of viewers) out.push(mode === "changes" ? frames.changesFor(v).text : frames.for(v).text);
    }
  }
  return out;
};
const receive = (list) => {
  // One tracker per viewer of each table, in the order frames were made (table, entry, viewer).
  let i = 0;
  for (const { players, entries } of tables) {
    const trackers = players.map(() => new GameTracker());
    for (let e = 0; e < entries.length; e++) {
      for (let p = 0; p < players.length; p++) {
        const parsed = parseServerMessage(list[i++]);
        if (!parsed.ok) throw new Error(parsed.message);
        trackers[p].applyEvent(parsed.message);
      }
    }
  }
};
const samples = { makeWhole: [], makeChanges: [], receiveWhole: [], receiveChanges: [] };
for (let r = 0; r < ROUNDS; r++) {
  samples.makeWhole.push(cpuMs(() => (texts.whole = make("whole"))));
  samples.makeChanges.push(cpuMs(() => (texts.changes = make("changes"))));
  samples.receiveWhole.push(cpuMs(() => receive(texts.whole)));
  samples.receiveChanges.push(cpuMs(() => receive(texts.changes)));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const perCommand = (xs) => ((median(xs) * 1000) / commands).toFixed(1);
console.log(`\ndice, 5 seats, ${tables.length} games, ${commands} commands, 5 frames each; CPU µs per command (medians of ${ROUNDS}):`);
console.log(`  server, make the 5 frames:      whole ${perCommand(samples.makeWhole)}, changes ${perCommand(samples.makeChanges)}`);
console.log(`  clients, parse + apply 5 frames: whole ${perCommand(samples.receiveWhole)}, changes ${perCommand(samples.receiveChanges)}`);
