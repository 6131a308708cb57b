// Generates the Prisma client from the repository's prisma/schema.prisma into src/generated/prisma
// (git-ignored). Works offline: the client needs no engine binary (driver adapters), but every Prisma
// CLI command first tries to download the schema-engine binary, so a stand-in is set when none is
// configured (../../shared/STACK.md). Run by `npm run build`, `npm run typecheck` and the repository's postinstall (`--if-available`).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = path.resolve(here, "../../../prisma/schema.prisma");
let cli;
try {
  cli = path.join(path.dirname(createRequire(import.meta.url).resolve("prisma/package.json")), "build/index.js");
} catch {
  // `--if-available` (the postinstall): an install without devDependencies has no Prisma CLI; the
  // build, which needs the client, will say so.
  if (process.argv.includes("--if-available")) {
    console.log("@bang/db: prisma CLI not installed, client not generated");
    process.exit(0);
  }
  console.error("@bang/db: the prisma CLI is not installed (devDependency of packages/db): run npm ci");
  process.exit(1);
}
const env = { ...process.env, CHECKPOINT_DISABLE: process.env.CHECKPOINT_DISABLE ?? "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && process.platform !== "win32") env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/true";

const run = spawnSync(process.execPath, [cli, "generate", "--schema", schema], { cwd: path.resolve(here, ".."), env, stdio: "inherit" });
if (run.status !== 0) {
  console.error(`@bang/db: prisma generate failed (exit ${run.status ?? run.signal})`);
  process.exit(1);
}
