/**
 * Issue 18: the shipped deployment's budgets per address. docker-compose.yml runs the nodes with
 * TRUST_PROXY=true, which takes a client's address from the leftmost X-Forwarded-For entry. nginx
 * appended its peer to the header the client sent ($proxy_add_x_forwarded_for), so a client chose its
 * own address: 30 guests a minute with a made-up X-Forwarded-For each were all 201 where the budget is
 * 20 (the same for lookups, joins by code, replays and the admin sign-in throttle). nginx must replace
 * the header with the address it saw.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

describe("the shipped load balancer and TRUST_PROXY", () => {
  it("nginx replaces X-Forwarded-For with the address it saw (never appends to the client's), since the nodes trust every hop", () => {
    expect(read("docker-compose.yml")).toMatch(/TRUST_PROXY: "true"/);
    const nginx = read("deploy/nginx.conf");
    const forwarded = [...nginx.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);/gim)].map((m) => m[1]);
    const locations = [...nginx.matchAll(/^\s*location\s/gm)].length;
    expect(forwarded).toHaveLength(locations);
    for (const value of forwarded) expect(value).toBe("$remote_addr");
  });
});
