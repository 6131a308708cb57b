import { createAdminRepository, openDatabase } from "@bang/db";
import { hashPassword } from "./passwords.js";

/** What `bang admin create` did. */
export type AccountOutcome = "created" | "password-reset" | "exists";

/**
 * Creates admin account `name` with `password` (argon2id) in the node's database: PostgreSQL at
 * `databaseUrl`, else the embedded PGlite in `dataDir` (migrated first). An existing account keeps
 * its password unless `reset`. Throws an Error for a name or password out of bounds (1..64 and 8..256
 * characters), the same bounds as ADMIN_NAME and ADMIN_PASSWORD.
 */
export async function createAdminAccount(where: { databaseUrl: string | null; dataDir: string }, name: string, password: string, reset = false): Promise<AccountOutcome> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 64) throw new Error("name: an admin name has 1 to 64 characters");
  if (password.length < 8 || password.length > 256) throw new Error("password: an admin password has 8 to 256 characters");
  const db = await openDatabase({ url: where.databaseUrl, dataDir: where.dataDir });
  try {
    const admins = createAdminRepository(db);
    const hash = await hashPassword(password);
    if (await admins.create(trimmed, hash)) return "created";
    if (!reset) return "exists";
    await admins.setPassword(trimmed, hash);
    return "password-reset";
  } finally {
    await db.close();
  }
}
