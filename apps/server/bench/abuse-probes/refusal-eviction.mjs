// Another player's refusals evict this player's refused id from the room's memory: the id is then applied.
import { Sock, game3 } from "./lib.mjs";
const { g, s, gameId, snap } = await game3("e");
const turn = snap.view.turn;
const T = g.findIndex((x) => x.player.id === turn);
const B = g.findIndex((x) => x.player.id !== turn);
const first = await s[T].cmd(gameId, "t-1", { type: "stop" });
console.log("first", JSON.stringify(first));
console.log("reuse before flood", JSON.stringify(await s[T].cmd(gameId, "t-1", { type: "roll" })));
const socks = []; for (let k = 0; k < 5; k++) socks.push(await Sock.signed(g[B].token));
let n = 0; const FLOOD = +(process.env.FLOOD ?? 1030);
await new Promise((res) => { const iv = setInterval(() => { for (const so of socks) for (let i = 0; i < 4 && n < FLOOD; i++) so.send({ type: "command", id: `b-${n++}`, gameId, command: { type: "roll" } }); if (n >= FLOOD) { clearInterval(iv); res(); } }, 100); });
await socks[0].cmd(gameId, "b-last", { type: "roll" });
console.log("reuse after flood", JSON.stringify(await s[T].cmd(gameId, "t-1", { type: "roll" })));
process.exit(0);
