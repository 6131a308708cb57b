import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, isDbError, locateMigrationsDir, openDatabase, readMigrations, type Database } from "../src/index.js";
import { pgliteSession } from "../src/migrations/sessions.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";

const MIGRATIONS_DIR = locateMigrationsDir();

async function migrationFolders(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished: boolean;
  rolled_back_at: Date | null;
  logs: string | null;
  applied_steps_count: number;
}

const recorded = (db: Database) =>
  db.prisma.$queryRaw<MigrationRow[]>`
    SELECT id, checksum, migration_name, finished_at IS NOT NULL AS finished, rolled_back_at, logs, applied_steps_count
      FROM "_prisma_migrations" ORDER BY migration_name`;

it("finds the repository's prisma/migrations from the package", async () => {
  expect(MIGRATIONS_DIR).toBe(path.resolve(import.meta.dirname, "../../../prisma/migrations"));
  expect((await readMigrations(MIGRATIONS_DIR)).map((m) => m.name)).toEqual(await migrationFolders());
});

it("refuses a url that is not PostgreSQL's, before opening anything", async () => {
  const err = await openDatabase({ url: "mysql://localhost/x" }).catch((e: unknown) => e);
  expect(isDbError(err, "INVALID_CONFIG")).toBe(true);
});

describe.each(BACKENDS)("migrations on %s", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await createStore(backend);
  }, START_TIMEOUT);
  afterAll(() => store?.dispose());

  it("applies every migration once, records it as Prisma does, and a second open applies nothing", async () => {
    const folders = await migrationFolders();
    const db = await store.open();
    try {
      expect(db.kind).toBe(backend);
      expect(db.migrations).toEqual({ applied: folders, modified: [] });
      const rows = await recorded(db);
      expect(rows.map((r) => r.migration_name)).toEqual(folders);
      for (const r of rows) {
        const file = await readFile(path.join(MIGRATIONS_DIR, r.migration_name, "migration.sql"));
        expect(r.checksum).toBe(createHash("sha256").update(file).digest("hex"));
        expect(r).toMatchObject({ finished: true, rolled_back_at: null, logs: null, applied_steps_count: 1 });
        expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
      }
      const tables = await db.prisma.$queryRaw<{ table_name: string }[]>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
      expect(tables.map((t) => t.table_name)).toEqual(["AdminAccount", "AdminSetupLink", "CommandLogEntry", "CommandRefusal", "Game", "Player", "RatedGame", "Rating", "RatingChange", "Seat", "Tournament", "TournamentAudit", "TournamentBracket", "TournamentGame", "TournamentPlayer", "_prisma_migrations"]);
      const uniques = await db.prisma.$queryRaw<{ indexname: string }[]>`
        SELECT indexname FROM pg_indexes WHERE tablename = 'CommandLogEntry' ORDER BY indexname`;
      expect(uniques.map((u) => u.indexname)).toEqual(["CommandLogEntry_gameId_playerId_clientCommandId_key", "CommandLogEntry_pkey"]);
    } finally {
      await db.close();
    }

    const again = await store.open();
    try {
      expect(again.migrations).toEqual({ applied: [], modified: [] });
      expect((await recorded(again)).length).toBe(folders.length);
    } finally {
      await again.close();
    }
  }, START_TIMEOUT);

  it("rolls a failing migration back and records nothing of it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bang-db-migrations-"));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await mkdir(path.join(dir, "99990101000000_broken"));
      await writeFile(
        path.join(dir, "99990101000000_broken", "migration.sql"),
        `CREATE TABLE "Broken" ("id" INTEGER);\nALTER TABLE "NoSuchTable" ADD COLUMN "x" INTEGER;\n`,
      );
      const err = await store.open({ migrationsDir: dir }).catch((e: unknown) => e);
      expect(isDbError(err, "MIGRATION_FAILED")).toBe(true);
      expect((err as Error).message).toContain("99990101000000_broken");

      const db = await store.open();
      try {
        expect(db.migrations.applied).toEqual([]);
        const broken = await db.prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'Broken'`;
        expect(broken[0]!.n).toBe(0);
        expect((await recorded(db)).map((r) => r.migration_name)).toEqual(await migrationFolders());
      } finally {
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, START_TIMEOUT);

  it("applies each migration exactly once when several openers race", async () => {
    const folders = await migrationFolders();
    const race = await createStore(backend);
    try {
      let applied: string[][];
      if (backend === "postgresql") {
        // Separate pools, as separate server processes would have.
        const dbs = await Promise.all([race.open(), race.open(), race.open()]);
        applied = dbs.map((d) => d.migrations.applied);
        expect((await recorded(dbs[0]!)).map((r) => r.migration_name)).toEqual(folders);
        await Promise.all(dbs.map((d) => d.close()));
      } else {
        // One PGlite folder belongs to one process: race the runner on one instance instead.
        const pglite = await PGlite.create(race.location);
        try {
          const migrations = await readMigrations(MIGRATIONS_DIR);
          const reports = await Promise.all([1, 2, 3].map(() => applyMigrations(pgliteSession(pglite), migrations)));
          applied = reports.map((r) => r.applied);
          const rows = await pglite.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" ORDER BY 1`);
          expect(rows.rows.map((r) => r.migration_name)).toEqual(folders);
        } finally {
          await pglite.close();
        }
      }
      expect(applied.flat().sort()).toEqual(folders);
    } finally {
      await race.dispose();
    }
  }, START_TIMEOUT);
});
