import http from "node:http";
import https from "node:https";

/** Statuses whose response has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Redirects followed, as the global fetch follows them (`redirect: "follow"`), up to MAX_REDIRECTS. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/** One keep-alive agent per scheme for the process: its idle sockets hold no process open (Node unrefs them). */
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/**
 * A `fetch` over node:http(s) with a keep-alive agent, for the load generator's HTTP calls (its guests,
 * through @bang/client's `createGuest(url, name, { fetch })`): the SDK's method, path, headers and body
 * as the global fetch sends them (without fetch's own `accept`, `user-agent` and `sec-fetch-*`
 * headers), for about half the CPU (undici's fetch builds web streams per request, and a table
 * makes 5 guests for some 70 commands). Supports what the SDK's HTTP calls use: a string URL, method,
 * headers as a plain object, a string body, an abort signal; the whole body is read before the
 * Response is made. Redirects are followed as fetch follows them (a 303, or a 301/302 of a POST, goes
 * on as a GET without body). Rejects as fetch does (a TypeError) when the request does not reach the
 * server, past 20 redirects, or on an answer a Response cannot hold (a status outside 200..599).
 */
export async function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) throw new TypeError("nodeFetch: a Request object is not supported, give a URL");
  let url = new URL(input);
  let request = init;
  for (let hops = 0; ; hops++) {
    const response = await fetchOnce(url, request);
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    if (hops === MAX_REDIRECTS) throw new TypeError(`nodeFetch: more than ${MAX_REDIRECTS} redirects`);
    const next = new URL(location, url);
    const method = (request.method ?? "GET").toUpperCase();
    if (response.status === 303 ? method !== "HEAD" : (response.status === 301 || response.status === 302) && method === "POST") {
      request = { ...request, method: "GET", body: undefined };
    }
    // As fetch: a bearer token does not follow the request to another origin.
    if (next.origin !== url.origin && request.headers) {
      const { authorization: _dropped, Authorization: _Dropped, ...headers } = request.headers as Record<string, string>;
      request = { ...request, headers };
    }
    url = next;
  }
}

/** One request and its answer, no redirect followed (see nodeFetch). */
function fetchOnce(url: URL, init: RequestInit): Promise<Response> {
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
        try {
          resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? "", headers: answer }));
        } catch (error) {
          // A status a Response cannot hold (999, 100): no answer fetch could give either.
          reject(new TypeError(`nodeFetch: the server's answer cannot be read (status ${status})`, { cause: error }));
        }
      });
    });
    req.on("error", (error) => reject(new TypeError(`nodeFetch: ${error.message}`, { cause: error })));
    req.end(init.body ?? undefined);
  });
}
