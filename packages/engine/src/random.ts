import { uniformInt } from "pure-rand/distribution/uniformInt";
import { generatorOf, stateOf } from "./generator.js";
import { FACES, type Face, type RngState } from "./types.js";

/**
 * Where dice come from. The engine never rolls on its own: every throw goes through a RandomSource, so
 * seeded games, scenarios with forced dice and replays take the same path (DESIGN invariant 1).
 */
export interface RandomSource {
  /**
   * Throws `count` dice. Returns their faces (in ascending die-index order) and the generator state to
   * keep in the game. Throws an Error when a forced source has no dice queued for this throw.
   */
  throwDice(rng: RngState, count: number): { faces: Face[]; rng: RngState };
}

/** The default source: fair dice from the game's own seeded generator. */
export const seededSource: RandomSource = {
  throwDice(rng, count) {
    const generator = generatorOf(rng);
    const faces: Face[] = new Array(count);
    for (let i = 0; i < count; i++) faces[i] = FACES[uniformInt(generator, 0, 5)]!;
    return { faces, rng: stateOf(generator) };
  },
};

/**
 * A source that plays back the dice it is given, throw by throw (scenarios, tests, replays of forced
 * games). `push` queues the faces of one throw; a throw of another size or an empty queue throws.
 */
export interface ForcedSource extends RandomSource {
  push(faces: readonly Face[]): void;
  /** Throws not consumed yet. */
  readonly queued: number;
}

export function forcedSource(throws: readonly (readonly Face[])[] = []): ForcedSource {
  const queue = throws.map((faces) => [...faces]);
  return {
    push(faces) {
      queue.push([...faces]);
    },
    get queued() {
      return queue.length;
    },
    throwDice(rng, count) {
      const faces = queue.shift();
      if (!faces) throw new Error(`no forced dice queued for a throw of ${count} dice`);
      if (faces.length !== count) {
        throw new Error(`forced dice: this throw needs ${count} faces, ${faces.length} were given`);
      }
      return { faces, rng };
    },
  };
}

/**
 * Shuffles a copy of `items` with the seeded generator (Fisher-Yates). Returns the shuffled copy and the
 * next generator state.
 */
export function shuffle<T>(rng: RngState, items: readonly T[]): { items: T[]; rng: RngState } {
  const generator = generatorOf(rng);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformInt(generator, 0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return { items: out, rng: stateOf(generator) };
}

/**
 * Draws a uniform integer 0..n-1 from the seeded generator (e.g. a duel card for a pick timeout, R8.9,
 * or the duel's starting player, R8.1). Returns it with the next generator state.
 */
export function drawIndex(rng: RngState, n: number): { index: number; rng: RngState } {
  const generator = generatorOf(rng);
  const index = uniformInt(generator, 0, n - 1);
  return { index, rng: stateOf(generator) };
}
