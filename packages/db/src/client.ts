/**
 * The generated Prisma client (prisma/schema.prisma, `npm run generate -w packages/db`), re-exported
 * so that callers never import from the generated folder themselves.
 */
export { PrismaClient, Prisma, PlayerKind, GameStatus } from "./generated/prisma/client.js";
export type { Player, Game, Seat, CommandLogEntry } from "./generated/prisma/client.js";
