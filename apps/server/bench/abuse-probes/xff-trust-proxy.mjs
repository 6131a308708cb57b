// TRUST_PROXY=true (docker-compose) behind nginx's "$proxy_add_x_forwarded_for" (appends to the client's header):
// the client writes the leftmost X-Forwarded-For, which is then its address for every budget.
import { guest } from "./lib.mjs";
const spoofed = [], honest = [];
for (let i = 0; i < 30; i++) spoofed.push((await guest("s" + i, { "x-forwarded-for": `203.0.113.${i}, 172.18.0.1` })).status);
for (let i = 0; i < 25; i++) honest.push((await guest("h" + i, { "x-forwarded-for": `198.51.100.7` })).status);
console.log("spoofed leftmost (as nginx appends):", spoofed.join(","));
console.log("one address (as nginx would overwrite):", honest.join(","));
