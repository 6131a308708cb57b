import { createBotRng } from "@bang/game-core";

/** Default spread of a client's pauses: each lasts the mean ± 50%. */
export const DEFAULT_THINK_JITTER = 0.5;
/** Longest mean pause a client may be given, in ms. */
export const MAX_THINK_MS = 60_000;

/**
 * Checks the thinking options of a table or of a load run and fills in their defaults: `thinkMs` an
 * integer from 0 to MAX_THINK_MS (default 0), `thinkJitter` from 0 to 1 (default DEFAULT_THINK_JITTER).
 * Throws a RangeError whose message starts with `who`.
 */
export function thinkingOptions(who: string, thinkMsGiven?: number, thinkJitterGiven?: number): { thinkMs: number; thinkJitter: number } {
  const thinkMs = thinkMsGiven ?? 0;
  const thinkJitter = thinkJitterGiven ?? DEFAULT_THINK_JITTER;
  if (!(Number.isSafeInteger(thinkMs) && thinkMs >= 0 && thinkMs <= MAX_THINK_MS)) throw new RangeError(`${who}: thinkMs must be an integer from 0 to ${MAX_THINK_MS}, got ${thinkMs}`);
  if (!(thinkJitter >= 0 && thinkJitter <= 1)) throw new RangeError(`${who}: thinkJitter must be between 0 and 1, got ${thinkJitter}`);
  return { thinkMs, thinkJitter };
}

/**
 * A client's thinking pauses, in ms: uniform in `meanMs` × [1 - jitter, 1 + jitter], drawn from a
 * generator seeded with `seed` (the same seed gives the same pauses). People do not think in
 * lockstep: with equal pauses, games that started in the same instant would send their commands in
 * the same instant for the rest of their lives, a load no real table makes. `meanMs` 0 gives 0.
 * Throws a RangeError for options thinkingOptions refuses.
 */
export function thinkPauses(meanMs: number, jitter: number, seed: number): () => number {
  thinkingOptions("thinkPauses", meanMs, jitter);
  const spread = Math.round(meanMs * jitter);
  const rng = createBotRng(seed);
  return () => (spread === 0 ? meanMs : meanMs - spread + rng.int(0, 2 * spread));
}
