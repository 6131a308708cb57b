import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";

/** A body refusal with its protocol code, as the node's error handler sends it (status 400). */
export class BodyError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly code: "BAD_JSON" | "INVALID_MESSAGE",
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/**
 * The JSON body parser of the node, replacing Fastify's: text that is not JSON is BAD_JSON; JSON that
 * holds a `__proto__` or `constructor.prototype` key (prototype poisoning, refused as Fastify's parser
 * does, with secure-json-parse) is INVALID_MESSAGE naming the key, since the body is valid JSON that
 * no route accepts. An empty body is BAD_JSON. Fastify's bodyLimit still applies.
 */
export function jsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, text, done) => {
    let value: unknown;
    try {
      value = JSON.parse(text as string);
    } catch {
      done(new BodyError("BAD_JSON", (text as string).length === 0 ? "the body is empty: send a JSON document" : "the body is not valid JSON"), undefined);
      return;
    }
    try {
      if (value !== null && typeof value === "object") secureJson.scan(value, { protoAction: "error", constructorAction: "error" });
    } catch {
      done(new BodyError("INVALID_MESSAGE", "the body holds a __proto__ or constructor.prototype key, which no route accepts"), undefined);
      return;
    }
    done(null, value);
  });
}
