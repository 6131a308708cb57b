/**
 * nodeFetch, the load generator's fetch over node:http: what the SDK's HTTP calls read of a Response
 * (status, body, headers) is what the server sent, a body-less status has no body, an unreachable
 * server rejects as fetch does (the SDK then says NETWORK), and requests share keep-alive sockets.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClientError, createGuest } from "@bang/client";
import { nodeFetch } from "../src/remote/http-fetch.js";

let server: Server;
let base: string;
let connections: number;
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

beforeEach(async () => {
  seen.length = 0;
  connections = 0;
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      if (req.url === "/empty") {
        res.writeHead(204).end();
      } else if (req.url === "/api/guests" && body.includes("refused")) {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: "INVALID_MESSAGE", message: "no such name" }));
      } else if (req.url === "/api/guests") {
        res.writeHead(201, { "content-type": "application/json", "x-two": "a", "set-cookie": ["a=1", "b=2"] }).end(JSON.stringify({ token: "tok", player: { id: "p-1", name: JSON.parse(body).name } }));
      } else res.writeHead(404).end("nothing here: é");
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("nodeFetch", () => {
  it("sends the method, headers and body, and gives back the status, headers and body the server sent", async () => {
    const response = await nodeFetch(`${base}/api/guests`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "bot1" }) });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/guests", body: '{"name":"bot1"}', headers: { "content-type": "application/json" } });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get("x-two")).toBe("a");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ token: "tok", player: { id: "p-1", name: "bot1" } });
    const missing = await nodeFetch(`${base}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(await missing.text()).toBe("nothing here: é");
    const empty = await nodeFetch(`${base}/empty`, { method: "DELETE" });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe("");
  });

  it("serves the SDK's createGuest: the guest, the server's refusal code, NETWORK for a server that is not there", async () => {
    expect(await createGuest(base, "bot2", { fetch: nodeFetch })).toEqual({ token: "tok", player: { id: "p-1", name: "bot2" } });
    await expect(createGuest(base, "refused", { fetch: nodeFetch })).rejects.toMatchObject({ code: "INVALID_MESSAGE", status: 400, message: "no such name" });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = createGuest(`http://127.0.0.1:${port}`, "bot3", { fetch: nodeFetch });
    await expect(refused).rejects.toBeInstanceOf(ClientError);
    await expect(refused).rejects.toMatchObject({ code: "NETWORK" });
  });

  it("keeps its sockets alive: requests one after the other share one connection", async () => {
    for (let i = 0; i < 4; i++) await (await nodeFetch(`${base}/api/guests`, { method: "POST", body: JSON.stringify({ name: `bot${i}` }) })).json();
    expect(seen).toHaveLength(4);
    expect(connections).toBe(1);
  });

  it("refuses what it does not support, rather than sending something else", async () => {
    await expect(nodeFetch(`${base}/x`, { headers: new Headers({ a: "b" }) })).rejects.toThrow(TypeError);
    await expect(nodeFetch(`${base}/x`, { method: "POST", body: new Uint8Array([1]) })).rejects.toThrow(TypeError);
    await expect(nodeFetch("ftp://127.0.0.1/x")).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(0);
  });
});
