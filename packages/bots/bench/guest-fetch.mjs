// CPU per guest of the load generator's tables (issue 19): @bang/client's createGuest with the global
// fetch (undici) against the same calls over node:http (@bang/bots' nodeFetch), against a fresh
// project-pg server of bench:peers, 10 guests at a time, alternated, 3 pairs of 500 guests each. After
// `npm run build`:   node packages/bots/bench/guest-fetch.mjs
import { createGuest } from "@bang/client";
import { startTarget } from "../../../benches/peers/src/targets.mjs";
import { nodeFetch } from "../dist/remote/http-fetch.js";

const server = await startTarget("project-pg", `guest_fetch_${Date.now()}`);
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
/** CPU µs per guest over `n` guests made 10 at a time with `fetch` (undefined: the global one). */
async function run(fetch, n) {
  const started = cpu();
  for (let i = 0; i < n / 10; i++) await Promise.all(Array.from({ length: 10 }, (_, k) => createGuest(server.url, `bot${k + 1}`, fetch ? { fetch } : {})));
  return (cpu() - started) / n;
}
try {
  await run(undefined, 200); // warm-up
  await run(nodeFetch, 200);
  for (let pair = 1; pair <= 3; pair++) {
    const global = await run(undefined, 500);
    const node = await run(nodeFetch, 500);
    console.log(`pair ${pair}: global fetch ${global.toFixed(0)} µs CPU per guest, node:http ${node.toFixed(0)} µs (${(node / global).toFixed(2)}x)`);
  }
} finally {
  await server.stop();
}
process.exit(0);
