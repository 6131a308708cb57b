import { Prisma } from "../client.js";
import type { DbHandle } from "../handle.js";

/** An admin account as stored: `passwordHash` is a PHC string (argon2id), never the password. */
export interface AdminRecord {
  id: string;
  name: string;
  passwordHash: string;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface AdminRepository {
  /** Creates an account; resolves null when the name is taken (nothing changed). */
  create(name: string, passwordHash: string): Promise<AdminRecord | null>;
  /** Replaces the password hash of `name`; false when there is no such account. */
  setPassword(name: string, passwordHash: string): Promise<boolean>;
  /** The account named `name`, or null. */
  findByName(name: string): Promise<AdminRecord | null>;
  /** Records a successful sign-in now. */
  touchLogin(id: string): Promise<void>;
  count(): Promise<number>;
}

/** Admin accounts over a Prisma client (model AdminAccount). */
export function createAdminRepository(db: DbHandle): AdminRepository {
  const { prisma } = db;
  return {
    async create(name, passwordHash) {
      try {
        return await prisma.adminAccount.create({ data: { name, passwordHash } });
      } catch (e) {
        if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return null;
        throw e;
      }
    },
    async setPassword(name, passwordHash) {
      const { count } = await prisma.adminAccount.updateMany({ where: { name }, data: { passwordHash } });
      return count > 0;
    },
    findByName: (name) => prisma.adminAccount.findUnique({ where: { name } }),
    async touchLogin(id) {
      await prisma.adminAccount.update({ where: { id }, data: { lastLoginAt: new Date() } });
    },
    count: () => prisma.adminAccount.count(),
  };
}
