// The top self-time functions of a CPU profile (a .cpuprofile of `--cpu-prof`), as shares of its busy
// time (idle left out), with the number of accepted commands to put them per command when given:
//   node apps/server/bench/profile-top.mjs CPU.x.cpuprofile [top=30] [commands]
// Functions are grouped by name, file and line; the file is shortened to its package path.
import { readFileSync } from "node:fs";

const [file, topArg = "30", commandsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node apps/server/bench/profile-top.mjs <profile.cpuprofile> [top=30] [accepted commands]");
  process.exit(2);
}
const top = Number(topArg);
const commands = commandsArg === undefined ? null : Number(commandsArg);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** A file as a short path: from node_modules/<package> or from the repository's packages and apps. */
function shortUrl(url) {
  if (!url) return "";
  const clean = url.replace(/^file:\/\//, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) return clean.slice(nm + "node_modules/".length);
  const repo = clean.search(/\/(packages|apps|benches)\//);
  return repo >= 0 ? clean.slice(repo + 1) : clean;
}

let total = 0;
let idle = 0;
const groups = new Map();
for (const [id, t] of self) {
  total += t;
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === "(idle)") {
    idle += t;
    continue;
  }
  const key = `${callFrame.functionName || "(anonymous)"} ${shortUrl(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ""}`;
  groups.set(key, (groups.get(key) ?? 0) + t);
}
const busy = total - idle;
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s${commands ? `, ${commands} commands: ${(busy / commands).toFixed(0)} µs busy per command` : ""}`);
for (const [key, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  const perCommand = commands ? `  ${(t / commands).toFixed(1).padStart(6)} µs/cmd` : "";
  console.log(`${((100 * t) / busy).toFixed(2).padStart(6)}%${perCommand}  ${key}`);
}

/** The package a file belongs to: a node_modules package, a workspace folder, Node's own, or the VM's (no file). */
function packageOf(url) {
  if (!url) return "(native: GC, VM, program)";
  if (url.startsWith("node:")) return "node:internal";
  const clean = url.replace(/^file:\/\//, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = clean.slice(nm + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const repo = clean.match(/\/((?:packages\/games|packages|apps|benches)\/[^/]+)\//);
  return repo ? repo[1] : clean;
}
const packages = new Map();
for (const [id, t] of self) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === "(idle)") continue;
  const key = callFrame.functionName === "(garbage collector)" ? "(garbage collector)" : packageOf(callFrame.url);
  packages.set(key, (packages.get(key) ?? 0) + t);
}
console.log("\nself time by package:");
for (const [key, t] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  const perCommand = commands ? `  ${(t / commands).toFixed(1).padStart(6)} µs/cmd` : "";
  console.log(`${((100 * t) / busy).toFixed(2).padStart(6)}%${perCommand}  ${key}`);
}
