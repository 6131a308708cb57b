import type { DbHandle } from "../handle.js";
import type { PlayerRecord } from "../types.js";

export interface PlayerRepository {
  /** Creates a guest player with a new uuid. `name` is stored as given (check it at the edge). */
  createGuest(name: string): Promise<PlayerRecord>;
  /** The player with this id, or null. */
  get(id: string): Promise<PlayerRecord | null>;
}

/** Players over a Prisma client. */
export function createPlayerRepository(db: DbHandle): PlayerRepository {
  const { prisma } = db;
  return {
    createGuest: (name) => prisma.player.create({ data: { name, kind: "guest" } }),
    get: (id) => prisma.player.findUnique({ where: { id } }),
  };
}
