import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DbError } from "../errors.js";

const MARKER = path.join("prisma", "migrations", "migration_lock.toml");

/**
 * Finds the repository's prisma/migrations folder: the folder that holds migration_lock.toml, looked
 * for in every folder above this module (so it works from src/ under Vitest and from dist/ under
 * plain node), then above the current working directory. `override` wins when given.
 * Throws DbError MIGRATIONS_NOT_FOUND naming where it looked.
 */
export function locateMigrationsDir(override?: string): string {
  if (override !== undefined) {
    const dir = path.resolve(override);
    if (!existsSync(dir)) throw new DbError("MIGRATIONS_NOT_FOUND", `migrationsDir ${dir} does not exist`);
    return dir;
  }
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, MARKER))) return path.join(dir, "prisma", "migrations");
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new DbError(
    "MIGRATIONS_NOT_FOUND",
    `no ${MARKER} above ${starts.join(" or ")}: pass openDatabase({ migrationsDir })`,
  );
}
