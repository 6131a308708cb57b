// Share of a CPU profile's busy time spent under each function pattern (inclusive), to compare two
// profiles of the server (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=..." of bench:server):
//   node apps/server/bench/profile-share.mjs CPU.x.cpuprofile "send@gateway/connection" "*@xstate" "writev@"
// A pattern is `function@url-part`; `*` matches any function. Idle time is left out of "busy".
import { readFileSync } from "node:fs";
const [file, ...pats] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const parent = new Map();
for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
let total = 0, idle = 0;
const acc = new Map(pats.map((q) => [q, 0]));
for (const [id, t] of dt) {
  total += t;
  const leaf = byId.get(id).callFrame;
  if (leaf.functionName === "(idle)") { idle += t; continue; }
  const hit = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const cf = byId.get(n).callFrame;
    for (const q of pats) {
      const [fn, url = ""] = q.split("@");
      if ((fn === "*" || cf.functionName === fn) && cf.url.includes(url)) hit.add(q);
    }
  }
  for (const q of hit) acc.set(q, acc.get(q) + t);
}
const busy = total - idle;
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s`);
for (const [q, t] of acc) console.log(`${((100 * t) / busy).toFixed(2).padStart(6)}%  ${(t / 1e6).toFixed(2).padStart(6)} s  ${q}`);
