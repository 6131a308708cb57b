// Prisma CLI configuration for this repository (Prisma 7 reads it from the working directory, so run
// the CLI from packages/db). The schema and migrations live at the repository root.
// Where the schema-engine binary can be downloaded, the usual commands work on the same folder:
//   cd packages/db && DATABASE_URL=postgresql://... npx prisma migrate dev --name <name>
//   cd packages/db && DATABASE_URL=postgresql://... npx prisma migrate status
// Offline (these machines) see README.md. The app itself never needs the CLI: @bang/db applies the
// migrations at open.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "../../prisma/schema.prisma",
  migrations: { path: "../../prisma/migrations" },
  // Only migrate/introspection commands use it; `prisma generate` works without DATABASE_URL.
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
