import { createHash, randomBytes } from "node:crypto";
import type { AdminSetupRepository } from "@bang/db";

/**
 * The first run of a node with no admin account: a one-time setup link that creates the first account.
 * The link's secret is 32 random bytes (256 bits, base64url): it cannot be guessed. Only its SHA-256 is
 * stored (AdminSetupLink), it works once and expires (ADMIN_SETUP_TTL_S). It is printed once, by the
 * node that issued it, on its standard output; never in the JSON logs, never again at a later start.
 * It sits in the URL's fragment (`#setup=`), which browsers do not send to the web server.
 */

/** What a node's start found: a new link to print, a link printed before that still holds, or nothing to do. */
export type FirstRun = { kind: "issued"; token: string; expiresAt: Date } | { kind: "pending"; expiresAt: Date } | null;

/** The web app's page that takes the link (the admin sign-in page). */
export const SETUP_PAGE = "/admin/login";

/** SHA-256 (hex) of a setup secret: what the database keeps. */
export function hashSetupToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Issues the first-run link when no admin account exists and no valid link was issued before (by this
 * node or another one of the cluster): `issued` with its secret, to print now and never again;
 * `pending` when a valid link exists (its expiry); null when an admin account exists.
 */
export async function prepareFirstRun(repo: AdminSetupRepository, ttlSeconds: number, now = new Date()): Promise<FirstRun> {
  if (!(await repo.open())) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  if (await repo.issue(hashSetupToken(token), expiresAt, now)) return { kind: "issued", token, expiresAt };
  const current = await repo.current();
  return { kind: "pending", expiresAt: current?.expiresAt ?? expiresAt };
}

/** The link to open: the web app's sign-in page with the secret in the fragment (`webUrl` unset: the path only). */
export function setupLink(token: string, webUrl?: string): string {
  return `${(webUrl ?? "").replace(/\/+$/, "")}${SETUP_PAGE}#setup=${token}`;
}

/** "2026-12-01 14:05 UTC" */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** How to create one otherwise, said with every first-run message. */
const OTHER_WAYS = "Or set ADMIN_NAME and ADMIN_PASSWORD before the start, or run: BANG_ADMIN_PASSWORD='a long secret' npm run bang -- admin create --name NAME";

/** What the node prints on its standard output for `run` (null: nothing), plain lines for people. */
export function firstRunMessage(run: FirstRun, webUrl?: string): string | null {
  if (!run) return null;
  const rule = "-".repeat(72);
  if (run.kind === "issued") {
    const where = webUrl ? "" : " (on the web app's address)";
    return [
      rule,
      "No admin account exists yet. Create the first one with this one-time link" + where + ":",
      "",
      `    ${setupLink(run.token, webUrl)}`,
      "",
      `It works once, until ${utc(run.expiresAt)}, and is not shown again.`,
      OTHER_WAYS,
      rule,
    ].join("\n");
  }
  return [
    rule,
    `No admin account exists yet. Use the setup link printed when it was issued (valid until ${utc(run.expiresAt)});`,
    "a new one is printed at the first start after it expires.",
    OTHER_WAYS,
    rule,
  ].join("\n");
}
