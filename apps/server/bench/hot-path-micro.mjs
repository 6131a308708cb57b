// Micro benches of the hot path of a command (issue 19), in CPU time (process.cpuUsage, user +
// system) rather than wall time, so that a loaded machine's descheduling does not count: (1) a dice game's commands through the game actor the room
// uses (createCompiledGameActor, or createGameActor in a build that has none), (2) parseServerMessage of
// an event frame and an ack, (3) parseClientMessage of a command frame. After `npm run build`:
//   node apps/server/bench/hot-path-micro.mjs [worktree, default this one] [label]
// (another worktree's builds compare: run it with each worktree's path, alternately).
import { fileURLToPath } from "node:url";
const [root = fileURLToPath(new URL("../../..", import.meta.url)), label = root] = process.argv.slice(2);
const core = await import(`${root}/packages/game-core/dist/index.js`);
const { dice } = await import(`${root}/packages/games/dice/dist/index.js`);
const p = await import(`${root}/packages/protocol/dist/index.js`);
const create = core.createCompiledGameActor ?? core.createGameActor;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system); };
const games = [];
for (let g = 0; g < 100; g++) {
  const setup = dice.setupFor({ players: ["a", "b", "c", "d", "e"], seed: ((g + 1) * 2654435761 >>> 0).toString(16).padStart(8, "0").repeat(8), options: {} });
  games.push(core.playMatch(dice, setup, (id) => dice.bots.heuristic(id.charCodeAt(0) + g)).log);
}
const n = games.reduce((a, l) => a + l.entries.length, 0);
function actorRun() {
  const t = cpu();
  for (const log of games) {
    const { actor } = create(dice, log.setup);
    for (const e of log.entries) if (!actor.send({ ...e.command }).ok) throw new Error("refused");
    actor.stop();
  }
  return (cpu() - t) / n;
}
const view = { viewer: { kind: "player", id: "5b0f3c1e-7a6d-4c1b-9f2e-3d4c5b6a7e8f" }, stateId: 42, phase: "rolling", turn: "5b0f3c1e-7a6d-4c1b-9f2e-3d4c5b6a7e8f", turnNumber: 9, waitingFor: ["5b0f3c1e-7a6d-4c1b-9f2e-3d4c5b6a7e8f"],
  players: Array.from({ length: 5 }, (_, i) => ({ id: `5b0f3c1e-7a6d-4c1b-9f2e-3d4c5b6a7e8${i}`, character: "bart_cassidy", life: 8, maxLife: 8, arrows: 1, alive: true, role: i === 0 ? "sheriff" : null })),
  arrowsInPile: 7, dice: ["arrow", "beer", "1", "2", "gatling"], rolls: 1, maxRolls: 3, exploded: false, healPending: false, reaction: null, winner: null };
const event = JSON.stringify({ type: "event", gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", game: "dice", seq: 57, by: view.turn, command: { type: "reroll", indexes: [0, 2] }, events: [{ type: "rolled", player: view.turn, faces: ["arrow", "beer"] }], view });
const ack = JSON.stringify({ type: "ack", id: "c-123456", gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", seq: 57 });
const cmd = JSON.stringify({ type: "command", id: "c-123456", gameId: "0f5c6f1e-3e8a-4a39-9c7e-2b1d8a9c0e11", command: { type: "reroll", indexes: [0, 2] } });
function frames(f, text, N = 50_000) {
  const t = cpu();
  for (let i = 0; i < N; i++) if (!f(text).ok) throw new Error("refused");
  return (cpu() - t) / N;
}
actorRun(); frames(p.parseServerMessage, event); frames(p.parseClientMessage, cmd);
const rows = [];
for (let r = 0; r < 5; r++) rows.push([actorRun(), frames(p.parseServerMessage, event), frames(p.parseServerMessage, ack), frames(p.parseClientMessage, cmd)]);
const med = (i) => rows.map((x) => x[i]).sort((a, b) => a - b)[2];
console.log(`${label}: actor ${med(0).toFixed(2)} µs CPU/command (${n} commands), parseServerMessage event ${med(1).toFixed(2)} µs, ack ${med(2).toFixed(2)} µs, parseClientMessage command ${med(3).toFixed(2)} µs (medians of 5)`);
