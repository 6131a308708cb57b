/**
 * nodeFetch against answers the global fetch handles that a broken or hostile server (or a proxy in
 * front of a real one) may send: a status outside 200..599 must reject (the SDK then says NETWORK or
 * HTTP_ERROR) instead of throwing from the socket's 'end' listener (uncaught: the load generator dies,
 * the request never settles); a redirect is followed as fetch follows it (`redirect: "follow"`).
 */
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFetch } from "../src/remote/http-fetch.js";

const servers: (Server | HttpServer)[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function listen<T extends Server | HttpServer>(s: T): Promise<string> {
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

/** How a promise settles within `ms`: "resolved <status>", "rejected <name>", or "pending". */
const within = (p: Promise<Response>, ms: number) =>
  Promise.race([p.then((r) => `resolved ${r.status}`, (e: unknown) => `rejected ${(e as Error).name}`), new Promise<string>((r) => setTimeout(r, ms, "pending"))]);

describe("nodeFetch and odd answers", () => {
  it("a status outside 200..599 settles the request (no uncaught RangeError)", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const raw = createServer((s) => s.once("data", () => s.end("HTTP/1.1 999 Odd\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")));
      const base = await listen(raw);
      const outcome = await within(nodeFetch(`${base}/api/guests`, { method: "POST", body: "{}" }), 2000);
      expect(outcome).not.toBe("pending");
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });

  it("follows a redirect as the global fetch does", async () => {
    const http = createHttpServer((req, res) => {
      if (req.url === "/old/api/guests") res.writeHead(308, { location: "/api/guests" }).end();
      else res.writeHead(201, { "content-type": "application/json" }).end("{}");
    });
    const base = await listen(http);
    const viaFetch = await fetch(`${base}/old/api/guests`, { method: "POST", body: "{}" });
    expect(viaFetch.status).toBe(201);
    expect((await nodeFetch(`${base}/old/api/guests`, { method: "POST", body: "{}" })).status).toBe(viaFetch.status);
  });

  it("as fetch: a 303 goes on as a GET without body, and a bearer token stays with its origin", async () => {
    const seen: string[] = [];
    const other = await listen(
      createHttpServer((req, res) => {
        seen.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? "none"}`);
        res.writeHead(200).end("ok");
      }),
    );
    const base = await listen(
      createHttpServer((req, res) => {
        seen.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? "none"}`);
        if (req.url === "/see-other") res.writeHead(303, { location: "/done" }).end();
        else if (req.url === "/elsewhere") res.writeHead(307, { location: `${other}/there` }).end();
        else res.writeHead(200).end("done");
      }),
    );
    const headers = { authorization: "Bearer t0ken" };
    expect(await (await nodeFetch(`${base}/see-other`, { method: "POST", body: "{}", headers })).text()).toBe("done");
    expect((await nodeFetch(`${base}/elsewhere`, { method: "POST", body: "{}", headers })).status).toBe(200);
    expect(seen).toEqual(["POST /see-other auth=Bearer t0ken", "GET /done auth=Bearer t0ken", "POST /elsewhere auth=Bearer t0ken", "POST /there auth=none"]);
  });
});
