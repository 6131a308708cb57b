import type { PrismaClient } from "./client.js";

/** What repositories and the log writer need: an open Database, or anything holding its Prisma client. */
export interface DbHandle {
  prisma: PrismaClient;
}
