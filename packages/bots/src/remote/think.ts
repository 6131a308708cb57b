import { createBotRng } from "../rng.js";

/** Default spread of a client's pauses: each lasts the mean ± 50%. */
export const DEFAULT_THINK_JITTER = 0.5;

/**
 * A client's thinking pauses, in ms: uniform in `meanMs` × [1 - jitter, 1 + jitter], drawn from a
 * generator seeded with `seed` (the same seed gives the same pauses). People do not think in
 * lockstep: with equal pauses, games that started in the same instant would send their commands in
 * the same instant for the rest of their lives, a load no real table makes. `meanMs` 0 gives 0.
 * Throws a RangeError for a negative mean or a jitter outside 0..1.
 */
export function thinkPauses(meanMs: number, jitter: number, seed: number): () => number {
  if (!(meanMs >= 0)) throw new RangeError(`thinkMs must be >= 0, got ${meanMs}`);
  if (!(jitter >= 0 && jitter <= 1)) throw new RangeError(`thinkJitter must be between 0 and 1, got ${jitter}`);
  const spread = Math.round(meanMs * jitter);
  const rng = createBotRng(seed);
  return () => (spread === 0 ? meanMs : meanMs - spread + rng.int(0, 2 * spread));
}
