import { createRequire } from "node:module";
const require = createRequire(new URL("../../package.json", import.meta.url));
const { WebSocket } = require("ws");
export const URL_ = process.env.URL_ ?? "http://127.0.0.1:18480";
export async function guest(name, headers = {}) {
  const r = await fetch(`${URL_}/api/guests`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ name }) });
  return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.json() };
}
export class Sock {
  constructor(ws) { this.ws = ws; this.msgs = []; this.waiters = []; this.rid = 0;
    ws.on("message", (d) => { const m = JSON.parse(d.toString()); this.msgs.push(m); for (const w of [...this.waiters]) w(); });
    this.closed = new Promise((r) => ws.on("close", (code, reason) => r({ code, reason: reason.toString() }))); ws.on("error", () => {}); }
  static open(headers = {}) { const ws = new WebSocket(`${URL_.replace(/^http/, "ws")}/ws`, { headers }); return new Promise((res, rej) => { ws.once("open", () => res(new Sock(ws))); ws.once("error", rej); }); }
  static async signed(token, headers) { const s = await Sock.open(headers); s.send({ type: "hello", token }); await s.next((m) => m.type === "welcome"); return s; }
  send(f) { this.ws.send(typeof f === "string" ? f : JSON.stringify(f)); }
  next(p, from = this.msgs.length, t = 10000) { let at = from; return new Promise((res, rej) => { const check = () => { for (; at < this.msgs.length; at++) if (p(this.msgs[at])) { done(); res(this.msgs[at]); return; } }; const timer = setTimeout(() => { done(); rej(new Error("timeout " + JSON.stringify(this.msgs.slice(-5)))); }, t); const done = () => { clearTimeout(timer); this.waiters = this.waiters.filter((w) => w !== check); }; this.waiters.push(check); check(); }); }
  async req(msg) { const rid = `r${++this.rid}`; const from = this.msgs.length; this.send({ ...msg, rid }); return this.next((m) => m.rid === rid && (m.type === "ok" || m.type === "error" || m.type === "pong"), from); }
  async cmd(gameId, id, command) { const from = this.msgs.length; this.send({ type: "command", id, gameId, command }); return this.next((m) => (m.type === "ack" || m.type === "error") && m.id === id, from); }
  close() { this.ws.close(); return this.closed; }
}
export async function game3(prefix = "p") {
  const g = []; for (const n of ["a", "b", "c"]) g.push((await guest(prefix + n)).body);
  const s = []; for (const x of g) s.push(await Sock.signed(x.token));
  const t = await s[0].req({ type: "createTable", options: { game: "dice", seats: 3, botKind: "heuristic", turnSeconds: 600 } });
  const code = t.table.code;
  for (const i of [1, 2]) { await s[i].req({ type: "joinTable", code }); await s[i].req({ type: "ready", code, ready: true }); }
  const st = await s[0].req({ type: "startGame", code });
  const gameId = st.table.gameId;
  const snap = await s[0].next((m) => m.type === "snapshot" && m.gameId === gameId, 0);
  return { g, s, code, gameId, snap };
}
