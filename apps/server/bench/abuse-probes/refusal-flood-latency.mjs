// A seated player floods refused commands over K sockets; how long does the player to act wait for an ack?
import { Sock, game3 } from "./lib.mjs";
const { g, s, gameId, snap } = await game3("q");
const turn = snap.view.turn;
const T = g.findIndex((x) => x.player.id === turn), B = g.findIndex((x) => x.player.id !== turn);
let t = Date.now(); const base = await s[T].cmd(gameId, "warm", { type: "stop" }); const baseMs = Date.now() - t;
const K = +(process.env.K ?? 6), SECS = +(process.env.SECS ?? 4);
const socks = []; for (let k = 0; k < K; k++) socks.push(await Sock.signed(g[B].token));
let n = 0; const t0 = Date.now();
const flooding = new Promise((res) => { const iv = setInterval(() => { for (const so of socks) for (let i = 0; i < 4; i++) so.send({ type: "command", id: `z-${n++}`, gameId, command: { type: "roll" } }); if (Date.now() - t0 > SECS * 1000) { clearInterval(iv); res(); } }, 100); });
await new Promise((r) => setTimeout(r, SECS * 1000 - 200));
t = Date.now(); const a = await s[T].cmd(gameId, "honest-roll", { type: "roll" }); const ms = Date.now() - t;
await flooding;
const counts = {}; for (const so of socks) for (const m of so.msgs) if (m.type === "error") counts[m.code] = (counts[m.code] ?? 0) + 1;
console.log(JSON.stringify({ K, floodSent: n, baseMs, honestAckMs: ms, honest: a.type + ":" + (a.seq ?? a.code), flooderAnswersSoFar: counts }));
process.exit(0);
