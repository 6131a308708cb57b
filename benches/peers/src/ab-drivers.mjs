// Two checkouts' drivers at once against one server: an A/B of the client side (the SDK, the bots)
// that the machine's load cannot tilt, as both drivers run through the same moments. bench:peers'
// pairs (one checkout, then the other) differ by 20 % for identical code on a shared machine; here
// each round starts a fresh project-pg server (this checkout's), then runs checkout A's and checkout B's
// driver.mjs side by side (niced 10, as bench:peers runs its driver), T tables each with seeds apart,
// and prints each driver's commands/s, CPU per command (and user CPU where its driver reports it) and
// p50. Swap A and B for a second series: who starts first is not quite symmetric.
//   node benches/peers/src/ab-drivers.mjs <checkout A> <checkout B> [rounds=3] [tables each=25]
import { runDriver } from "./run-driver.mjs";
import { startTarget } from "./targets.mjs";

const [a, b, roundsArg = "3", tablesArg = "25"] = process.argv.slice(2);
const rounds = Number(roundsArg);
const tables = Number(tablesArg);
if (!a || !b || !(Number.isInteger(rounds) && rounds > 0) || !(Number.isInteger(tables) && tables > 0)) {
  console.error("usage: node benches/peers/src/ab-drivers.mjs <checkout A> <checkout B> [rounds=3] [tables each=25]");
  process.exit(2);
}

/** Runs `root`'s driver.mjs with `config` at nice 10, resolving with its JSON line. */
const drive = (root, config) => runDriver(`${root}/benches/peers/src/driver.mjs`, config, { nice: 10 });

const figures = (root, r) =>
  `${root}: ${r.commandsPerSecond.toFixed(0)} commands/s, driver ${r.driverCpuMsPerCommand.toFixed(3)} ms/command` +
  `${r.driverUserCpuMsPerCommand != null ? ` (user ${r.driverUserCpuMsPerCommand.toFixed(3)})` : ""}, p50 ${r.p50Ms.toFixed(1)} ms${r.failed ? `, ${r.failed} failed tables` : ""}`;

for (let round = 1; round <= rounds; round++) {
  const server = await startTarget("project-pg", `ab_${Date.now()}_${round}`);
  try {
    const config = { kind: "project", url: server.url, serverPid: server.pid, pgNeedle: server.pgNeedle, tables, warmupSeconds: 5, seconds: 20, botKind: "heuristic" };
    const [x, y] = await Promise.all([drive(a, { ...config, seed: 1 }), drive(b, { ...config, seed: 1_000_001 })]);
    console.log(`round ${round} (load ${x.loadAverage}): ${figures(a, x)} | ${figures(b, y)}`);
  } finally {
    await server.stop();
  }
}
