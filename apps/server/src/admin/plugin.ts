import { hostname } from "node:os";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tokenSecret } from "../identity/tokens.js";
import { checkPassword, decoyHash, hashPassword } from "./passwords.js";
import { createAdminSessions, type AdminSession, type AdminSessions } from "./sessions.js";
import { RedisSignInThrottle } from "./redis-throttle.js";
import { MemorySignInThrottle, ThrottleUnavailable, type SignInThrottle } from "./throttle.js";

/** What a sign-in that arrives while another of the same name or IP is being checked is told to wait, in ms. */
const IN_FLIGHT_RETRY_MS = 1_000;
/** Longest a password check may hold its name and IP (a node that dies mid-check frees them after it), in ms. */
const CHECK_HOLD_MS = 10_000;

/** The outcome of a sign-in attempt. */
export type SignInResult =
  | { ok: true; token: string; expiresAt: number; name: string }
  | { ok: false; code: "BAD_CREDENTIALS" }
  /** `checking`: another sign-in of the name or the IP is being checked now; `locked`: a lockout runs. */
  | { ok: false; code: "RATE_LIMITED"; retryAfterMs: number; reason: "locked" | "checking" }
  /** The cluster's throttle could not be read (Redis down): nothing was checked. */
  | { ok: false; code: "RETRY"; message: string };

/** Admin authentication of a node: accounts, sessions, the sign-in throttle, the role check. */
export interface AdminAuth {
  readonly sessions: AdminSessions;
  /** This node's name in the dashboard (NODE_ID, else host name and pid). */
  readonly nodeId: string;
  /**
   * Checks a name and password from `ip`; slowed down after repeated failures (per name and per IP,
   * counted by every node of a cluster alike); RETRY when the cluster's Redis does not answer.
   */
  signIn(name: string, password: string, ip: string): Promise<SignInResult>;
  /** Is this bearer token admin access (a valid admin session, or the static ADMIN_TOKEN)? */
  isAdminToken(token: string | null): boolean;
  /**
   * The onRequest hook of every admin route: 401 ADMIN_REQUIRED without a valid admin session,
   * 401 SESSION_EXPIRED for an expired one. Sets `request.admin`.
   */
  requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    adminAuth: AdminAuth;
  }
  interface FastifyRequest {
    admin: AdminSession | null;
  }
}

/** The bearer token of a request, or null. */
export function bearerOf(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  return auth?.startsWith("Bearer ") ? auth.slice(7) : null;
}

/**
 * Admin accounts and sessions (fastify-plugin "bang-admin", after "bang-services"). At start, creates
 * the account ADMIN_NAME with ADMIN_PASSWORD when it does not exist yet (an existing account keeps
 * its password).
 */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const sessions = createAdminSessions(tokenSecret(config.TOKEN_SECRET, config.DATA_DIR), config.ADMIN_SESSION_TTL_S);
    // On a cluster the nodes share one throttle: guesses spread over them count the same.
    const throttle: SignInThrottle = app.cluster ? new RedisSignInThrottle(app.cluster.redis, config.REDIS_PREFIX) : new MemorySignInThrottle();
    // The cluster's NODE_ID when the configuration has one, so the dashboard and GET /api/nodes agree.
    const nodeId = (config as { NODE_ID?: string }).NODE_ID ?? process.env.NODE_ID ?? `${hostname()}/${process.pid}`;

    if (config.ADMIN_NAME && config.ADMIN_PASSWORD) {
      const created = await app.store.admin.createAccount(config.ADMIN_NAME, await hashPassword(config.ADMIN_PASSWORD));
      if (created) app.log.info({ admin: created.name }, "admin account created from ADMIN_NAME");
    } else if (config.ADMIN_NAME || config.ADMIN_PASSWORD) {
      app.log.warn("ADMIN_NAME and ADMIN_PASSWORD must be set together; no admin account created");
    }

    /** The sign-in check behind the throttle; rejects with ThrottleUnavailable when the throttle's store fails. */
    const throttledSignIn = async (name: string, password: string, ip: string): Promise<SignInResult> => {
      const keys = [`name:${name}`, `ip:${ip}`];
      // The lockout test and the claim are one step, and one check runs at a time per name and per
      // IP: guesses sent in parallel, to one node or several, cannot pass the test before the first
      // failure counts, nor be checked while a lockout runs.
      const claim = await throttle.claim(keys, CHECK_HOLD_MS);
      if (!claim.ok) return { ok: false, code: "RATE_LIMITED", reason: claim.reason, retryAfterMs: claim.reason === "locked" ? claim.retryAfterMs : IN_FLIGHT_RETRY_MS };
      let account: Awaited<ReturnType<typeof app.store.admin.findAccount>>;
      try {
        account = await app.store.admin.findAccount(name);
        const good = await checkPassword(account?.passwordHash ?? (await decoyHash()), password);
        if (!account || !good) {
          await throttle.failed(keys);
          return { ok: false, code: "BAD_CREDENTIALS" };
        }
        // While the claim still holds the name: a guess right after cannot lock it only to be cleared here.
        await throttle.succeeded(keys[0]!);
      } finally {
        await throttle.release(keys, claim.token);
      }
      await app.store.admin.touchLogin(account.id);
      const issued = sessions.issue({ id: account.id, name: account.name });
      return { ok: true, token: issued.token, expiresAt: issued.expiresAt, name: account.name };
    };

    const auth: AdminAuth = {
      sessions,
      nodeId,
      async signIn(name, password, ip) {
        try {
          return await throttledSignIn(name, password, ip);
        } catch (error) {
          if (!(error instanceof ThrottleUnavailable)) throw error;
          app.log.warn({ err: error }, "admin sign-in refused: the sign-in throttle is unavailable");
          return { ok: false, code: "RETRY", message: error.message };
        }
      },
      isAdminToken(token) {
        if (!token) return false;
        if (config.ADMIN_TOKEN && token === config.ADMIN_TOKEN) return true;
        return sessions.check(token).ok;
      },
      async requireAdmin(req, reply) {
        const token = bearerOf(req);
        if (token && config.ADMIN_TOKEN && token === config.ADMIN_TOKEN) {
          req.admin = { adminId: "admin-token", name: "ADMIN_TOKEN", expiresAt: Number.MAX_SAFE_INTEGER };
          return;
        }
        const checked = sessions.check(token);
        if (checked.ok) {
          req.admin = checked.session;
          return;
        }
        if (checked.problem === "expired") return reply.code(401).send({ code: "SESSION_EXPIRED", message: "your admin session has expired: sign in again" });
        return reply.code(401).send({ code: "ADMIN_REQUIRED", message: "this needs an admin session: sign in at POST /api/admin/sessions" });
      },
    };
    app.decorateRequest("admin", null);
    app.decorate("adminAuth", auth);
  },
  { name: "bang-admin", dependencies: ["bang-services"] },
);
