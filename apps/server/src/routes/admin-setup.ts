import { createAdminSetupRepository, type SetupRefusal } from "@bang/db";
import type { FastifyInstance } from "fastify";
import { hashSetupToken } from "../admin/first-run.js";
import { hashPassword } from "../admin/passwords.js";
import { sessionBody } from "../admin/schemas.js";
import { errorBody } from "./error-body.js";

/** Each refusal of the setup link: HTTP status, stable code, what to do. */
const REFUSALS: Record<SetupRefusal, { status: number; code: string; message: string }> = {
  closed: { status: 409, code: "SETUP_CLOSED", message: "an admin account exists already: sign in instead" },
  invalid: { status: 401, code: "SETUP_TOKEN_INVALID", message: "this is not the setup link's secret, or the link was used already" },
  expired: { status: 410, code: "SETUP_TOKEN_EXPIRED", message: "this setup link has expired: restart the server to get a new one printed" },
};

/**
 * The first run, over HTTP (open routes: before the first account nobody can sign in).
 * GET /api/admin/setup says whether the setup is open (no admin account yet). POST /api/admin/setup
 * `{token, name, password}` uses the one-time link printed at start (admin/first-run.ts) to create the
 * first account and signs it in: 201 `{token, name, expiresAt}` as POST /api/admin/sessions. Refusals
 * change nothing: 400 INVALID_MESSAGE (a field), 409 SETUP_CLOSED, 401 SETUP_TOKEN_INVALID, 410
 * SETUP_TOKEN_EXPIRED. The secret is checked before the password is hashed, so wrong guesses cost
 * one query.
 */
export async function adminSetupRoutes(app: FastifyInstance): Promise<void> {
  const repo = createAdminSetupRepository(app.store.db);

  app.get(
    "/api/admin/setup",
    {
      schema: {
        tags: ["admin"],
        summary: "Is the first-run setup open (no admin account yet)?",
        querystring: { type: "object", additionalProperties: false, properties: {} },
        response: { 200: { type: "object", required: ["open"], properties: { open: { type: "boolean", description: "true while no admin account exists: use the setup link the server printed at start" } } } },
      },
    },
    async () => ({ open: await repo.open() }),
  );

  app.post<{ Body: { token: string; name: string; password: string } }>(
    "/api/admin/setup",
    {
      schema: {
        tags: ["admin"],
        summary: "Create the first admin account with the one-time setup link's secret, and sign in",
        body: {
          type: "object",
          additionalProperties: false,
          required: ["token", "name", "password"],
          properties: {
            token: { type: "string", minLength: 1, maxLength: 128, description: "the secret after #setup= in the printed link" },
            name: { type: "string", minLength: 1, maxLength: 64, pattern: "^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$", description: "the admin's sign-in name (trimmed)" },
            password: { type: "string", minLength: 8, maxLength: 256 },
          },
        },
        response: { 201: sessionBody, 401: errorBody, 409: errorBody, 410: errorBody },
      },
    },
    async (req, reply) => {
      const refuse = (why: SetupRefusal) => reply.code(REFUSALS[why].status).send({ code: REFUSALS[why].code, message: REFUSALS[why].message });
      const hash = hashSetupToken(req.body.token);
      const now = new Date();
      // A cheap look first: argon2 runs only for the right secret.
      if (!(await repo.open())) return refuse("closed");
      const link = await repo.current();
      if (!link || link.usedAt !== null || link.tokenHash !== hash) return refuse("invalid");
      if (link.expiresAt.getTime() <= now.getTime()) return refuse("expired");
      const name = req.body.name.trim();
      const used = await repo.consume(hash, now, { name, passwordHash: await hashPassword(req.body.password) });
      if (!used.ok) return refuse(used.refusal);
      req.log.info({ admin: used.account.name }, "first admin account created with the setup link");
      const session = app.adminAuth.sessions.issue({ id: used.account.id, name: used.account.name });
      return reply.code(201).send({ token: session.token, name: used.account.name, expiresAt: new Date(session.expiresAt).toISOString() });
    },
  );
}
