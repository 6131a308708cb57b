import http from "node:http";
import https from "node:https";

/** Statuses whose response has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** One keep-alive agent per scheme for the process: its idle sockets hold no process open (Node unrefs them). */
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/**
 * A `fetch` over node:http(s) with a keep-alive agent, for the load generator's HTTP calls (its guests,
 * through @bang/client's `createGuest(url, name, { fetch })`): the same requests on the wire as the
 * global fetch, for about half the CPU (undici's fetch builds web streams per request, and a table
 * makes 5 guests for some 70 commands). Supports what the SDK's HTTP calls use: a string URL, method,
 * headers as a plain object, a string body, an abort signal; the whole body is read before the
 * Response is made. Rejects as fetch does (a TypeError) when the request does not reach the server.
 */
export function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) return Promise.reject(new TypeError("nodeFetch: a Request object is not supported, give a URL"));
  const url = new URL(input);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new TypeError(`nodeFetch: unsupported protocol ${url.protocol}`));
  if (init.body !== undefined && init.body !== null && typeof init.body !== "string") return Promise.reject(new TypeError("nodeFetch: only a string body is supported"));
  const headers = init.headers === undefined ? {} : (init.headers as Record<string, string>);
  if (init.headers instanceof Headers || Array.isArray(init.headers)) return Promise.reject(new TypeError("nodeFetch: give headers as a plain object"));
  const request = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers, agent, ...(init.signal ? { signal: init.signal } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (error) => reject(new TypeError(`nodeFetch: ${error.message}`)));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) answer.append(name, v);
        }
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? "", headers: answer }));
      });
    });
    req.on("error", (error) => reject(new TypeError(`nodeFetch: ${error.message}`, { cause: error })));
    req.end(init.body ?? undefined);
  });
}
