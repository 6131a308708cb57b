import { Prisma } from "../client.js";
import type { DbHandle } from "../handle.js";
import type { AdminRecord } from "./admins.js";

/** The one row of the first-run setup link. */
const LINK_ID = "first-run";

/** The setup link as stored: the SHA-256 (hex) of its secret, its expiry, when it was used. */
export interface SetupLinkRecord {
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

/** Why a setup link did not create the first account. */
export type SetupRefusal = "closed" | "invalid" | "expired";

export interface AdminSetupRepository {
  /** Is there no admin account at all (the first-run setup is open)? */
  open(): Promise<boolean>;
  /**
   * Stores a new link (`tokenHash`, valid until `expiresAt`) unless a link that is unused and valid at
   * `now` is stored already: one statement, so that nodes starting together issue one link. Resolves
   * true when this call's link was stored, false when the stored one stands.
   */
  issue(tokenHash: string, expiresAt: Date, now: Date): Promise<boolean>;
  /** The stored link, or null when none was ever issued. */
  current(): Promise<SetupLinkRecord | null>;
  /**
   * Uses the link whose secret hashes to `tokenHash` to create the first admin account, in one
   * transaction holding the link's row: `closed` when an admin account exists, `invalid` for no link,
   * another secret or a link used before, `expired` for the right secret past its expiry at `now`.
   * On success the link is marked used and the account is returned.
   */
  consume(tokenHash: string, now: Date, account: { name: string; passwordHash: string }): Promise<{ ok: true; account: AdminRecord } | { ok: false; refusal: SetupRefusal }>;
}

/** The first-run setup link over a Prisma client (model AdminSetupLink). */
export function createAdminSetupRepository(db: DbHandle): AdminSetupRepository {
  const { prisma } = db;
  return {
    async open() {
      return (await prisma.adminAccount.count()) === 0;
    },
    async issue(tokenHash, expiresAt, now) {
      // Replaces only a link that is used or expired: a valid one keeps working and is not printed again.
      const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
        INSERT INTO "AdminSetupLink" ("id", "tokenHash", "expiresAt", "usedAt", "createdAt")
        VALUES (${LINK_ID}, ${tokenHash}, ${expiresAt}, NULL, ${now})
        ON CONFLICT ("id") DO UPDATE
          SET "tokenHash" = EXCLUDED."tokenHash", "expiresAt" = EXCLUDED."expiresAt", "usedAt" = NULL, "createdAt" = EXCLUDED."createdAt"
          WHERE "AdminSetupLink"."usedAt" IS NOT NULL OR "AdminSetupLink"."expiresAt" <= ${now}
        RETURNING "id"`);
      return rows.length === 1;
    },
    async current() {
      const row = await prisma.adminSetupLink.findUnique({ where: { id: LINK_ID } });
      return row ? { tokenHash: row.tokenHash, expiresAt: row.expiresAt, usedAt: row.usedAt, createdAt: row.createdAt } : null;
    },
    consume(tokenHash, now, account) {
      return prisma.$transaction(async (tx) => {
        // The row lock makes two uses of one link queue: the second sees it used.
        const [link] = await tx.$queryRaw<{ tokenHash: string; expiresAt: Date; usedAt: Date | null }[]>(
          Prisma.sql`SELECT "tokenHash", "expiresAt", "usedAt" FROM "AdminSetupLink" WHERE "id" = ${LINK_ID} FOR UPDATE`,
        );
        if ((await tx.adminAccount.count()) > 0) return { ok: false, refusal: "closed" } as const;
        if (!link || link.usedAt !== null || link.tokenHash !== tokenHash) return { ok: false, refusal: "invalid" } as const;
        if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, refusal: "expired" } as const;
        const created = await tx.adminAccount.create({ data: { name: account.name, passwordHash: account.passwordHash } });
        await tx.adminSetupLink.update({ where: { id: LINK_ID }, data: { usedAt: now } });
        return { ok: true, account: created } as const;
      });
    },
  };
}
