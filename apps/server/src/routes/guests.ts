import { LIMITS } from "@bang/protocol";
import type { FastifyInstance } from "fastify";

/** POST /api/guests: a guest identity (a name, no password) and its signed token. */
export async function guestRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { name: string } }>(
    "/api/guests",
    {
      schema: {
        tags: ["players"],
        summary: "Create a guest player and get its token",
        body: {
          type: "object",
          additionalProperties: false,
          required: ["name"],
          // Printable text with at least one visible character: no control characters (PostgreSQL
          // refuses NUL, and a name is shown to other players).
          properties: { name: { type: "string", minLength: 1, maxLength: LIMITS.maxNameLength, pattern: "^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$" } },
        },
        response: {
          201: {
            type: "object",
            required: ["token", "player"],
            properties: {
              token: { type: "string" },
              player: { type: "object", required: ["id", "name"], properties: { id: { type: "string" }, name: { type: "string" } } },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const player = await app.store.createGuest(req.body.name.trim());
      return reply.code(201).send({ token: app.identity.issue(player), player });
    },
  );
}
