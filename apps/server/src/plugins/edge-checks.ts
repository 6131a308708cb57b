import type { FastifyInstance } from "fastify";

/**
 * Checks every request of every route at the edge, before a route runs, so that malformed input is a
 * 400 INVALID_MESSAGE with the project's body rather than a 500 from deep in a query (issue 18):
 * - a NUL character in a path parameter, the query or a JSON body (PostgreSQL text cannot hold one,
 *   error 22021);
 * - a query string that is not valid percent-encoding (the query parser would pass it on half-decoded);
 * - a query number that is not finite once converted (`limit=1e400` is Infinity, which Ajv lets through
 *   `maximum` and Prisma then refuses).
 * Path parameters' percent-encoding is checked by Fastify itself (FST_ERR_BAD_URL, plugins/errors.ts).
 */
export function edgeChecks(app: FastifyInstance): void {
  app.addHook("preValidation", async (req, reply) => {
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) {
      return reply.code(400).send({ code: "INVALID_MESSAGE", message: "a parameter, query value or body field contains a NUL character" });
    }
    const question = req.url.indexOf("?");
    if (question >= 0 && !decodes(req.url.slice(question + 1))) {
      return reply.code(400).send({ code: "INVALID_MESSAGE", message: "the query string is not valid percent-encoding (a % must start two hex digits of UTF-8)" });
    }
  });
  app.addHook("preHandler", async (req, reply) => {
    const query = req.query as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(query ?? {})) {
      if (typeof value === "number" && !Number.isFinite(value)) {
        return reply.code(400).send({ code: "INVALID_MESSAGE", message: `querystring/${name} must be a finite number` });
      }
    }
  });
}

/** Is `query` (the raw text after `?`) valid percent-encoding of UTF-8? */
function decodes(query: string): boolean {
  if (!query.includes("%")) return true;
  try {
    decodeURIComponent(query.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/** Does `value` (parsed JSON, params or query) hold a string with a NUL character, at any depth? */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || depth > 32) return false;
  for (const [key, v] of Object.entries(value)) if (key.includes("\u0000") || holdsNul(v, depth + 1)) return true;
  return false;
}
