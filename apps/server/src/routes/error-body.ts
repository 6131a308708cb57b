/**
 * The JSON schema of every HTTP error answer (OpenAPI through @fastify/swagger): `{code, message}` with
 * a stable protocol code (packages/protocol ERROR_CODES), and `retryAfterMs` when a retry should wait.
 */
export const errorBody = {
  type: "object",
  required: ["code", "message"],
  properties: { code: { type: "string" }, message: { type: "string" }, retryAfterMs: { type: "integer" } },
} as const;
