// One socket at RATE frames/s of pings: how many are answered, refused, and when is it closed (1008)?
import { guest, Sock } from "./lib.mjs";
const me = (await guest("rate")).body; const s = await Sock.signed(me.token);
const RATE = +(process.env.RATE ?? 200), SECS = +(process.env.SECS ?? 4);
let n = 0, closedAt = null; const t0 = Date.now();
s.closed.then((c) => (closedAt = { ...c, s: (Date.now() - t0) / 1000 }));
await new Promise((res) => { const iv = setInterval(() => { if (closedAt) { clearInterval(iv); return res(); } for (let i = 0; i < RATE / 20; i++) s.send({ type: "ping", rid: `p${n++}` }); if (Date.now() - t0 > SECS * 1000) { clearInterval(iv); res(); } }, 50); });
await new Promise((r) => setTimeout(r, 500));
const pongs = s.msgs.filter((m) => m.type === "pong").length, rl = s.msgs.filter((m) => m.code === "RATE_LIMITED");
console.log(JSON.stringify({ RATE, sent: n, pongs, rateLimited: rl.length, withRetryAfter: rl.filter((m) => m.retryAfterMs > 0).length, closedAt }));
process.exit(0);
