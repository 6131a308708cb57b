import { timingSafeEqual } from "node:crypto";

/** The organisers of a node: name -> bearer token, from ORGANISER_TOKENS ("name:token,name:token"). */
export interface Organisers {
  /** The organiser's name for a bearer token, or null. */
  nameOf(token: string | null): string | null;
  readonly count: number;
}

/**
 * Parses ORGANISER_TOKENS: comma-separated `name:token` pairs (names 1 to 32 of [A-Za-z0-9_.-], tokens
 * at least 16 characters). Unset or empty: no organiser (every organiser route answers NOT_ORGANISER).
 * Throws an Error naming the entry when malformed.
 */
export function parseOrganisers(text: string | undefined): Organisers {
  const entries: { name: string; token: Buffer }[] = [];
  for (const part of (text ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const colon = part.indexOf(":");
    const name = part.slice(0, colon);
    const token = part.slice(colon + 1);
    if (colon < 1 || !/^[A-Za-z0-9_.-]{1,32}$/.test(name) || token.length < 16) {
      throw new Error(`ORGANISER_TOKENS: entry ${entries.length + 1} must be name:token (a name of letters, digits, _.- and a token of 16+ characters)`);
    }
    entries.push({ name, token: Buffer.from(token) });
  }
  return {
    count: entries.length,
    nameOf(token) {
      if (!token) return null;
      const given = Buffer.from(token);
      for (const e of entries) if (e.token.length === given.length && timingSafeEqual(e.token, given)) return e.name;
      return null;
    },
  };
}
