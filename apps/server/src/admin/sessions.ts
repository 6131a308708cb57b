import { createSigner, createVerifier } from "fast-jwt";

/** A valid admin session. `expiresAt` in ms since the epoch. */
export interface AdminSession {
  adminId: string;
  name: string;
  expiresAt: number;
}

/** Why a bearer token is not an admin session. */
export type SessionProblem = "missing" | "invalid" | "expired";

/** Signs and checks admin session tokens: HS256 JWTs with `kind: "admin"` and an expiry. */
export interface AdminSessions {
  /** A token for `admin`, valid `ttlSeconds` from now. */
  issue(admin: { id: string; name: string }): { token: string; expiresAt: number };
  /** The session of `token`, or why it is not one. Never throws. */
  check(token: string | null): { ok: true; session: AdminSession } | { ok: false; problem: SessionProblem };
}

/**
 * Admin sessions signed with the node's token secret. Guest tokens carry `kind: "guest"`, so neither
 * kind verifies as the other.
 */
export function createAdminSessions(secret: string, ttlSeconds: number): AdminSessions {
  const sign = createSigner({ key: secret, algorithm: "HS256", expiresIn: ttlSeconds * 1000 });
  const verify = createVerifier({ key: secret, algorithms: ["HS256"] });
  return {
    issue(admin) {
      const token = sign({ sub: admin.id, name: admin.name, kind: "admin" });
      return { token, expiresAt: Date.now() + ttlSeconds * 1000 };
    },
    check(token) {
      if (!token) return { ok: false, problem: "missing" };
      try {
        const claims = verify(token) as { sub?: unknown; name?: unknown; kind?: unknown; exp?: unknown };
        if (claims.kind !== "admin" || typeof claims.sub !== "string" || typeof claims.name !== "string" || typeof claims.exp !== "number") {
          return { ok: false, problem: "invalid" };
        }
        return { ok: true, session: { adminId: claims.sub, name: claims.name, expiresAt: claims.exp * 1000 } };
      } catch (error) {
        const code = (error as { code?: string }).code;
        return { ok: false, problem: code === "FAST_JWT_EXPIRED" ? "expired" : "invalid" };
      }
    },
  };
}
