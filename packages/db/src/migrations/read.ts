import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DbError } from "../errors.js";

/** One folder of prisma/migrations: `<timestamp>_<name>/migration.sql`. */
export interface MigrationFile {
  /** The folder name, as Prisma records it in `_prisma_migrations.migration_name`. */
  name: string;
  sql: string;
  /** Hex sha256 of the file's bytes: the checksum Prisma records. */
  checksum: string;
}

/**
 * Reads every migration under `dir` in the order Prisma applies them (folder names sorted).
 * Throws DbError MIGRATION_FAILED when a folder has no migration.sql (Prisma refuses that too).
 */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const out: MigrationFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name, "migration.sql");
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (cause) {
      throw new DbError("MIGRATION_FAILED", `migration ${name} has no readable migration.sql (${file})`, { cause });
    }
    out.push({ name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") });
  }
  return out;
}
