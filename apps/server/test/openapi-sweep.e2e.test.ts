/**
 * Issue 18, "every HTTP route answers a malformed request with 4xx and the project's error body": a
 * sweep of every operation of the node's own OpenAPI document (GET /docs/json), so a route added later
 * is swept without touching this file. Each operation is called with bad path parameters (too long, bad
 * percent-encoding, NUL), bad query values (numbers out of range, not numbers, too long, repeated) and
 * bad bodies (not JSON, not an object, a __proto__ key, too big), once as an admin (so that validation,
 * not authentication, answers) and once anonymously. Every answer must be a 4xx whose body is the
 * project's `{ code, message }` (docs/server.md), never a 5xx nor Fastify's own `FST_*` body.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, useServer } from "./support/server.js";

const ORGANISER_TOKEN = "sweep-organiser-token-0123456789";

interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  schema?: { type?: string };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** One request of the sweep and why it is bad. */
interface Probe {
  method: string;
  url: string;
  body?: string;
  why: string;
}

const BAD_PATH = ["x".repeat(300), "%E0%A4%A", "%00", "a%2Fb%2F..%2F.."];
const BAD_INTEGER = ["99999999999999999999", "-1", "1.5", "abc", "1e400", ""];
const BAD_STRING = ["x".repeat(2_000), "%00", "%E0%A4%A"];
const BAD_BODIES = ["not json", "[]", "null", "42", '{"__proto__":{"polluted":1}}', JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) })];

/** A value that passes for each kind of path parameter, so one bad parameter at a time is probed. */
const fill = (path: string, except?: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === except ? `{${name}}` : "sweep-id"));

/** The bad requests of one operation. */
function probesOf(method: string, path: string, op: Operation): Probe[] {
  const probes: Probe[] = [];
  const params = op.parameters ?? [];
  for (const p of params.filter((x) => x.in === "path")) {
    for (const bad of BAD_PATH) probes.push({ method, url: fill(path, p.name).replace(`{${p.name}}`, bad), why: `path ${p.name}=${bad.slice(0, 20)}` });
  }
  const base = fill(path);
  for (const q of params.filter((x) => x.in === "query")) {
    const values = q.schema?.type === "integer" || q.schema?.type === "number" ? BAD_INTEGER : BAD_STRING;
    for (const bad of values) probes.push({ method, url: `${base}?${q.name}=${bad}`, why: `query ${q.name}=${bad.slice(0, 20)}` });
    if (q.schema?.type === "integer") probes.push({ method, url: `${base}?${q.name}=1&${q.name}=2`, why: `query ${q.name} repeated` });
  }
  if (op.requestBody !== undefined || method === "POST") {
    for (const body of BAD_BODIES) probes.push({ method, url: base, body, why: `body ${body.slice(0, 20)}` });
  }
  return probes;
}

/**
 * `fetch`, asked again (up to 3 times) when the request fails on the network: the server answers an
 * over-long body (413) before reading it and closes, and the client, still writing the body, may see
 * EPIPE or a reset instead of that answer. Every answer that does arrive is checked as it is.
 */
async function fetchAnswer(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
    }
  }
}

describe("every route of the OpenAPI document refuses malformed requests with a 4xx and the project's body (issue 18)", () => {
  const server = useServer({ backend: "pglite", env: { ORGANISER_TOKENS: `sweep:${ORGANISER_TOKEN}` } });

  const sweep = async (token: string | null) => {
    const { url } = server();
    const doc = (await (await fetch(`${url}/docs/json`)).json()) as Document;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [m.toUpperCase(), path, op] as const));
    const failures: string[] = [];
    let probed = 0;
    for (const [method, path, op] of operations) {
      for (const probe of probesOf(method, path, op)) {
        const headers: Record<string, string> = {};
        if (token) headers.authorization = `Bearer ${token}`;
        if (probe.body !== undefined) headers["content-type"] = "application/json";
        const res = await fetchAnswer(`${url}${probe.url}`, { method: probe.method, headers, ...(probe.body !== undefined ? { body: probe.body } : {}) });
        const text = await res.text();
        probed++;
        let body: { code?: unknown; message?: unknown } = {};
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          // not JSON: reported below
        }
        const projectBody = typeof body.code === "string" && /^[A-Z][A-Z0-9_]+$/.test(body.code) && !body.code.startsWith("FST_") && typeof body.message === "string" && body.message.length > 0;
        if (res.status < 400 || res.status >= 500 || !projectBody) failures.push(`${probe.method} ${path} (${probe.why}): ${res.status} ${text.slice(0, 120)}`);
      }
    }
    return { failures, probed, operations: operations.length };
  };

  it("as an admin and organiser (validation answers, not authentication)", async () => {
    const asAdmin = await sweep(ADMIN_TOKEN);
    expect(asAdmin.operations).toBeGreaterThan(40);
    expect(asAdmin.probed).toBeGreaterThan(300);
    expect(asAdmin.failures).toEqual([]);
  }, 120_000);

  it("as the organiser, then anonymously", async () => {
    const asOrganiser = await sweep(ORGANISER_TOKEN);
    expect(asOrganiser.failures).toEqual([]);
    const anonymous = await sweep(null);
    expect(anonymous.failures).toEqual([]);
  }, 120_000);

  it("an unknown route and a method a route does not have are 404 with the project's body", async () => {
    const { url } = server();
    for (const [method, path] of [["GET", "/api/no-such-route"], ["DELETE", "/api/guests"], ["PATCH", "/healthz"]] as const) {
      const res = await fetch(`${url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND", message: expect.any(String) });
    }
  });

  it("what Node's HTTP parser refuses (headers or URL over 16 KiB, not HTTP) has the project's body too; a bare OPTIONS is no error", async () => {
    const { url, port } = server();
    const long = await fetch(`${url}/api/games?status=${"x".repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toMatchObject({ code: "INVALID_MESSAGE", message: expect.stringMatching(/too large/) });
    const { connect } = await import("node:net");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: "INVALID_MESSAGE" });
    const options = await fetch(`${url}/api/games`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
  });
});
