/**
 * Query parameters that page through a list, shared by every route that has them (public and admin).
 * Both are bounded: a query string's number is converted as it is, and past the bounds the database
 * would fail (an OFFSET beyond a 64-bit integer, `?offset=99999999999999999999`) where the client
 * deserves 400 INVALID_MESSAGE naming the parameter.
 */

/** Rows skipped before the first one answered: 0 to 1,000,000 (deeper pages: narrow the filter). */
export const offsetQuery = { type: "integer", minimum: 0, maximum: 1_000_000, default: 0 } as const;
