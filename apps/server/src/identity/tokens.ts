import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSigner, createVerifier } from "fast-jwt";

/** A player proven by a token. `expiresAt` in ms since the epoch (null: no expiry). */
export interface VerifiedPlayer {
  id: string;
  name: string;
  kind: "guest";
  expiresAt: number | null;
}

/** Signs and checks guest tokens (HS256 JWTs through fast-jwt). */
export interface Identity {
  /** A token for a guest: name only, no password; valid `ttlDays` (default 30). */
  issue(player: { id: string; name: string }): string;
  /** The player of a valid token, or null when it does not verify or has expired. Never throws. */
  verify(token: string): VerifiedPlayer | null;
}

const TTL_MS = 30 * 24 * 3600 * 1000;

export function createIdentity(secret: string): Identity {
  const sign = createSigner({ key: secret, algorithm: "HS256", expiresIn: TTL_MS });
  const check = createVerifier({ key: secret, algorithms: ["HS256"], cache: 10_000 });
  return {
    issue: (player) => sign({ sub: player.id, name: player.name, kind: "guest" }),
    verify(token) {
      try {
        const claims = check(token) as { sub?: unknown; name?: unknown; kind?: unknown; exp?: unknown };
        // Every token this server issues expires: one without `exp` was not made by issue().
        if (typeof claims.sub !== "string" || typeof claims.name !== "string" || claims.kind !== "guest" || typeof claims.exp !== "number") return null;
        return { id: claims.sub, name: claims.name, kind: "guest", expiresAt: claims.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}

/**
 * The token secret: TOKEN_SECRET when set (every node of a cluster must share it), else one generated
 * on first start and kept in DATA_DIR/token-secret, so tokens survive a restart of the embedded default.
 */
export function tokenSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, "token-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return readFileSync(file, "utf8").trim();
  }
}
