// K sockets of ONE player, each at 40 frames/s (its own budget), all refused commands with fresh ids.
import { Sock, game3 } from "./lib.mjs";
const { g, s, gameId, snap } = await game3("k");
const turn = snap.view.turn;
const idle = g.findIndex((x) => x.player.id !== turn);
const K = +(process.env.K ?? 5), SECS = +(process.env.SECS ?? 5), RATE = 40;
const socks = []; for (let k = 0; k < K; k++) socks.push(await Sock.signed(g[idle].token));
const counts = {}; let lastAnswer = 0;
for (const so of socks) so.ws.on("message", (d) => { const m = JSON.parse(d); if (m.type === "error") { counts[m.code] = (counts[m.code] ?? 0) + 1; lastAnswer = Date.now(); } });
const t0 = Date.now(); let sent = 0;
await new Promise((res) => { const iv = setInterval(() => { for (const [k, so] of socks.entries()) for (let i = 0; i < RATE / 10; i++) so.send({ type: "command", id: `m${k}-${sent++}`, gameId, command: { type: "roll" } }); if (Date.now() - t0 >= SECS * 1000) { clearInterval(iv); res(); } }, 100); });
const tSent = Date.now();
while (Date.now() - lastAnswer < 1500) await new Promise((r) => setTimeout(r, 200));
const stored = counts.NOT_YOUR_TURN ?? 0;
console.log(JSON.stringify({ K, sent, sendSecs: (tSent - t0) / 1000, answeredSecs: (lastAnswer - t0) / 1000, counts, storedPerSec: Math.round(stored / ((lastAnswer - t0) / 1000)) }));
process.exit(0);
