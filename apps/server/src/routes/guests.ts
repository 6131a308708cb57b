import { LIMITS, PLAYER_NAME_PATTERN, PLAYER_NAME_RULE } from "@bang/protocol";
import type { FastifyInstance } from "fastify";

/** POST /api/guests: a guest identity (a name, no password) and its signed token. */
export async function guestRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { name: string } }>(
    "/api/guests",
    {
      // Each guest is a stored player: GUEST_RATE_LIMIT a minute per client address.
      config: { rateLimit: app.rateLimits.guests },
      schema: {
        tags: ["players"],
        summary: "Create a guest player and get its token",
        body: {
          type: "object",
          additionalProperties: false,
          required: ["name"],
          // A name is shown to other players: at least one visible character, no control or
          // bidirectional formatting character (@bang/protocol's playerName; PostgreSQL refuses NUL).
          properties: { name: { type: "string", minLength: 1, maxLength: LIMITS.maxNameLength, pattern: PLAYER_NAME_PATTERN, description: PLAYER_NAME_RULE } },
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
      // The pattern is unreadable in a message: say what it asks for.
      schemaErrorFormatter: (errors, dataVar) =>
        new Error(errors.map((e) => (e.keyword === "pattern" && e.instancePath === "/name" ? `${dataVar}/name: ${PLAYER_NAME_RULE}` : `${dataVar}${e.instancePath} ${e.message}`)).join(", ")),
    },
    async (req, reply) => {
      const player = await app.store.createGuest(req.body.name.trim());
      return reply.code(201).send({ token: app.identity.issue(player), player });
    },
  );
}
