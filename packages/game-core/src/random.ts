import { uniformInt } from "pure-rand/distribution/uniformInt";
import { generatorOf, stateOf, type RngState } from "./seed.js";

/**
 * Where a game's chance comes from. Rules never draw on their own: every roll of faces, shuffle of a
 * deck or random pick from a hand goes through a RandomSource, so seeded games, scenarios with forced
 * draws and replays take the same path (DESIGN invariant 1). Each draw takes the generator state kept in
 * the game's state and returns the next one.
 */
export interface RandomSource {
  /**
   * `count` independent uniform draws from `faces` (a throw of `count` cubes whose faces are `faces`).
   * Returns the values (in draw order) and the next generator state.
   */
  roll<F>(rng: RngState, faces: readonly F[], count: number): { values: F[]; rng: RngState };
  /** A uniformly shuffled copy of `items` (a deck), and the next generator state. */
  shuffle<T>(rng: RngState, items: readonly T[]): { items: T[]; rng: RngState };
  /** One of `items` (not empty) picked uniformly (a random card from a hand), its index, and the next state. */
  pick<T>(rng: RngState, items: readonly T[]): { item: T; index: number; rng: RngState };
}

/**
 * One draw as a log or a scenario records it: the values of a roll, the order of a shuffle, the item of
 * a pick. Plain JSON: a forced source plays these back, a recording source writes them.
 */
export type Draw = { roll: unknown[] } | { shuffle: unknown[] } | { pick: unknown };

/** Thrown by a forced source whose next draw is missing or does not fit the draw the rules ask for. */
export class ForcedDrawError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ForcedDrawError";
  }
}

/** The default source: fair draws from the game's own seeded generator. */
export const seededSource: RandomSource = {
  roll(rng, faces, count) {
    const generator = generatorOf(rng);
    const last = faces.length - 1;
    const values = new Array(count);
    for (let i = 0; i < count; i++) values[i] = faces[uniformInt(generator, 0, last)]!;
    return { values, rng: stateOf(generator) };
  },
  shuffle(rng, items) {
    return shuffle(rng, items);
  },
  pick(rng, items) {
    if (items.length === 0) throw new RangeError("pick: nothing to pick from");
    const drawn = drawIndex(rng, items.length);
    return { item: items[drawn.index]!, index: drawn.index, rng: drawn.rng };
  },
};

/**
 * A source that plays back the draws it is given, in order (scenarios, tests, replays of forced games).
 * The generator state is left as it was. A missing draw, a draw of another kind, a roll of another size
 * or with a value not among the faces, a shuffle that is not a permutation of the items, or a pick not
 * among them throws ForcedDrawError.
 */
export interface ForcedSource extends RandomSource {
  /** Queues one more draw. */
  push(draw: Draw): void;
  /** Draws not consumed yet. */
  readonly queued: number;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function forcedSource(draws: readonly Draw[] = []): ForcedSource {
  const queue = [...draws];
  const next = (kind: "roll" | "shuffle" | "pick", what: string): Draw => {
    const draw = queue.shift();
    if (!draw) throw new ForcedDrawError(`no forced draw queued for ${what}`);
    if (!(kind in draw)) throw new ForcedDrawError(`the forced draw for ${what} is a ${Object.keys(draw)[0]}, not a ${kind}`);
    return draw;
  };
  return {
    push(draw) {
      queue.push(draw);
    },
    get queued() {
      return queue.length;
    },
    roll(rng, faces, count) {
      const values = (next("roll", `a roll of ${count}`) as { roll: unknown[] }).roll;
      if (!Array.isArray(values) || values.length !== count) throw new ForcedDrawError(`forced roll: this roll needs ${count} values, ${Array.isArray(values) ? values.length : 0} were given`);
      const bad = values.find((v) => !faces.some((f) => same(f, v)));
      if (bad !== undefined) throw new ForcedDrawError(`forced roll: ${JSON.stringify(bad)} is not one of ${JSON.stringify(faces)}`);
      return { values: values.slice() as never[], rng };
    },
    shuffle(rng, items) {
      const order = (next("shuffle", `a shuffle of ${items.length}`) as { shuffle: unknown[] }).shuffle;
      const key = (v: unknown) => JSON.stringify(v);
      const want = items.map(key).sort();
      const got = Array.isArray(order) ? order.map(key).sort() : [];
      if (want.length !== got.length || want.some((k, i) => k !== got[i])) throw new ForcedDrawError("forced shuffle: the order given is not a permutation of the items shuffled");
      return { items: order.map((v) => items.find((item) => same(item, v))!) as never[], rng };
    },
    pick(rng, items) {
      const item = (next("pick", `a pick from ${items.length}`) as { pick: unknown }).pick;
      const index = items.findIndex((x) => same(x, item));
      if (index < 0) throw new ForcedDrawError(`forced pick: ${JSON.stringify(item)} is not one of the items to pick from`);
      return { item: items[index]!, index, rng };
    },
  };
}

/**
 * Wraps a random source so that each draw is kept, for the logs of forced games (they replay without
 * that source). `take()` returns the draws since the last call.
 */
export function recordingSource(inner: RandomSource): RandomSource & { take(): Draw[] } {
  let draws: Draw[] = [];
  return {
    roll(rng, faces, count) {
      const out = inner.roll(rng, faces, count);
      draws.push({ roll: out.values.slice() });
      return out;
    },
    shuffle(rng, items) {
      const out = inner.shuffle(rng, items);
      draws.push({ shuffle: out.items.slice() });
      return out;
    },
    pick(rng, items) {
      const out = inner.pick(rng, items);
      draws.push({ pick: out.item });
      return out;
    },
    take() {
      const taken = draws;
      draws = [];
      return taken;
    },
  };
}

/**
 * Shuffles a copy of `items` with the seeded generator (Fisher-Yates), outside any forced source: a
 * deal that scenarios fix by naming the result instead. Returns the shuffled copy and the next state.
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

/** Draws a uniform integer 0..n-1 from the seeded generator; returns it with the next generator state. */
export function drawIndex(rng: RngState, n: number): { index: number; rng: RngState } {
  const generator = generatorOf(rng);
  const index = uniformInt(generator, 0, n - 1);
  return { index, rng: stateOf(generator) };
}
