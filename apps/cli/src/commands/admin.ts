import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { EXIT, parseCommandLine, UsageError } from "../args.js";

export const usage = `Usage: bang admin create --name NAME [--reset]

Creates an admin account of the dashboard in the server's database (the same environment as the
server: DATABASE_URL for PostgreSQL, else the embedded PGlite in DATA_DIR, default ./data). The
password is read from BANG_ADMIN_PASSWORD, else from the first line of standard input; it is stored
only as an argon2id hash. An existing account keeps its password unless --reset.

Options:
  --name NAME  the admin's sign-in name (1 to 64 characters)
  --reset      set a new password for an existing account
  -h, --help   show this help`;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.BANG_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write("password: ");
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

/** `bang admin create`: exit 0 when created or reset, 1 when the account exists (nothing changed), 2 for bad input. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(() =>
    parseArgs({ args: argv, allowPositionals: true, options: { name: { type: "string" }, reset: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } } }),
  );
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return EXIT.ok;
  }
  if (positionals[0] !== "create" || positionals.length !== 1) throw new UsageError("expected the subcommand create");
  if (!values.name) throw new UsageError("--name is required");
  const password = await readPassword();
  const { createAdminAccount } = await import("@bang/server");
  let outcome;
  try {
    outcome = await createAdminAccount({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: process.env.DATA_DIR ?? "./data" }, values.name, password, values.reset);
  } catch (e) {
    const message = (e as Error).message;
    if (message.startsWith("name:") || message.startsWith("password:")) throw new UsageError(message);
    throw e;
  }
  const said = { created: `admin ${values.name.trim()} created`, "password-reset": `admin ${values.name.trim()}: new password set`, exists: `admin ${values.name.trim()} already exists (use --reset to set a new password)` }[outcome];
  process.stdout.write(`${said}\n`);
  return outcome === "exists" ? EXIT.failed : EXIT.ok;
}
