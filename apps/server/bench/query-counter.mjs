// Preloaded into the server by queries.mjs (`node --import`): counts every statement the process sends
// to PostgreSQL through `pg` (Prisma's adapter, the log writer's plain SQL, migrations: all use
// pg.Client#query), by statement text with literals folded. SIGUSR2 writes the counts so far to
// BENCH_QUERY_FILE; exit writes them again. A bench tool only: never loaded by the product.
import { writeFileSync } from "node:fs";
import pg from "pg";

const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  if (typeof text === "string") {
    // Same statement, other values or other numbers of rows: one line.
    const key = text.replace(/\s+/g, " ").replace(/\$\d+/g, "$").replace(/'[^']*'/g, "'?'").replace(/(\$, )+\$/g, "$...").trim().slice(0, 160);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return original.call(this, config, ...rest);
};

const dump = () => {
  const file = process.env.BENCH_QUERY_FILE;
  if (file) writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
};
process.on("SIGUSR2", dump);
process.on("exit", dump);
