import { chacha20 } from "@noble/ciphers/chacha.js";
import { hexToBytes } from "@noble/ciphers/utils.js";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/**
 * A game's seed: a 32-bit signed integer (pure-rand xoroshiro128+; scenarios, tests, local games), or 64
 * lower-case hex digits, a 256-bit ChaCha20 key (the server's games: secret).
 */
export type Seed = number | string;

/** The ChaCha20 generator's state: its key (64 hex digits) and the index of the next 32-bit word. */
export interface ChaChaState {
  readonly kind: "chacha20";
  readonly key: string;
  readonly word: number;
}

/**
 * The seeded generator's state, kept inside a game's state: pure-rand xoroshiro128+'s (four numbers) or
 * ChaCha20's. Secret: never part of a view.
 */
export type RngState = readonly number[] | ChaChaState;

/**
 * The two generators behind a game's seed.
 *
 * - A number seed (32 bits) drives pure-rand's xoroshiro128+: fast and fine for scenarios, tests and
 *   local games, but not secret. Its 2^32 seeds can be searched in minutes, and its outputs are linear in
 *   its state, so watching what chance gave a game tells its deal (its secrets) and what comes next.
 * - A string seed (64 hex digits, a 256-bit key) drives the ChaCha20 keystream (@noble/ciphers), a
 *   cryptographic generator: its outputs say nothing of the key, of earlier or of later outputs. The
 *   server deals every game from one of these (DESIGN: hidden information stays hidden).
 *
 * Both are deterministic: the same seed deals the same game and draws the same values (DESIGN invariant 1).
 */

/** A 64-hex-digit seed: a ChaCha20 key. */
export const KEY_SEED = /^[0-9a-f]{64}$/;

/** True for a seed a game accepts: a 32-bit signed integer, or 64 lower-case hex digits. */
export function isSeed(seed: unknown): seed is Seed {
  if (typeof seed === "number") return Number.isInteger(seed) && seed >= -(2 ** 31) && seed < 2 ** 31;
  return typeof seed === "string" && KEY_SEED.test(seed);
}

/**
 * How a number seed becomes the generator's first state, as a setup records it (`SetupBase.seeding`):
 * - `"mixed"`: the seed is hashed into xoroshiro128+'s whole 128-bit state first (the ChaCha20
 *   keystream of a key made of the seed), so every seed, even or odd, near or far, starts anywhere. The
 *   tables of today (`seedSetup`) say so.
 * - absent: pure-rand's own seeding, whose first states are nearly linear in the seed: the first draws
 *   of even seeds all share their low bits, which biased deals (with even seeds the sheriff never sat
 *   last at 4 or 8 players). Kept for the setups stored without `seeding`, so that they replay exactly.
 * A key seed (64 hex digits) is a ChaCha20 key already: `seeding` does not change it.
 */
export const SEEDINGS = ["mixed"] as const;
export type Seeding = (typeof SEEDINGS)[number];

/** True for a setup's `seeding` field: absent (the first seeding) or one of SEEDINGS. */
export function isSeeding(value: unknown): value is Seeding | undefined {
  return value === undefined || (SEEDINGS as readonly unknown[]).includes(value);
}

/**
 * The seed fields of a new table's setup (a module's `setupFor`): the seed, and for a number seed the
 * seeding of today ("mixed"). Stored setups keep what they were dealt with.
 */
export function seedSetup(seed: Seed): { seed: Seed; seeding?: Seeding } {
  return typeof seed === "number" ? { seed, seeding: "mixed" } : { seed };
}

/**
 * The initial generator state of a seed (see isSeed; other values are the caller's bug), number seeds
 * spread by `seeding` (see SEEDINGS; absent: pure-rand's own seeding).
 */
export function seedRng(seed: Seed, seeding?: Seeding): RngState {
  if (typeof seed === "string") return { kind: "chacha20", key: seed, word: 0 };
  if (seeding === "mixed") return mixedState(seed);
  return xoroshiro128plus(seed | 0).getState();
}

/** Nonce of the keystream that mixes number seeds (one stream per seed, apart from any game key's nonce 0). */
const MIX_NONCE = new TextEncoder().encode("number seed!");

/**
 * xoroshiro128+'s state for number seed `seed`, mixed: the first 4 words of the ChaCha20 keystream whose
 * key is the seed (its 4 bytes, little-endian, then zeros). Never the all-zero state, which xoroshiro
 * cannot leave (a chance of 2^-128, handled anyway).
 */
function mixedState(seed: number): RngState {
  const key = new Uint8Array(32);
  new DataView(key.buffer).setInt32(0, seed | 0, true);
  const stream = chacha20(key, MIX_NONCE, new Uint8Array(16));
  const words = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const state = [0, 4, 8, 12].map((at) => words.getInt32(at, true));
  if (!state.some((w) => w !== 0)) state[0] = 1;
  return xoroshiro128plusFromState(state).getState();
}

/**
 * A mutable pure-rand generator positioned at `rng`, for pure-rand's distributions; `stateOf` gives the
 * state after the draws made with it.
 */
export function generatorOf(rng: RngState): RandomGenerator {
  if (Array.isArray(rng)) return xoroshiro128plusFromState(rng);
  const { key, word } = rng as ChaChaState;
  return new ChaChaGenerator(key, word);
}

/** The state of a generator made by generatorOf (or seeded by createSeededGenerator), after its draws. */
export function stateOf(generator: RandomGenerator): RngState {
  return generator instanceof ChaChaGenerator ? generator.state() : generator.getState();
}

/** A mutable generator of its own from `seed` (a bot's): the same seed makes the same draws. */
export function createSeededGenerator(seed: Seed): RandomGenerator {
  return generatorOf(seedRng(seed));
}

const NONCE = new Uint8Array(12); // one key per game (or per bot), so one stream per key: nonce 0
const WORDS_PER_BLOCK = 16;
const BLOCK_BYTES = WORDS_PER_BLOCK * 4;

/** A key's bytes and the last keystream block computed for it. */
interface KeyStream {
  bytes: Uint8Array;
  block: number;
  words: DataView;
}

/**
 * The last block of the most recent keys: a game's next throw usually reads the block its last throw
 * read (16 words, a few draws), so the rules' fresh generator per draw need not decode the key and run
 * ChaCha20 again. Bounded (first in, first out): about 200 bytes a key.
 */
const streams = new Map<string, KeyStream>();
const MAX_STREAMS = 4096;

function streamOf(key: string): KeyStream {
  let stream = streams.get(key);
  if (!stream) {
    stream = { bytes: hexToBytes(key), block: -1, words: new DataView(new ArrayBuffer(BLOCK_BYTES)) };
    streams.set(key, stream);
    if (streams.size > MAX_STREAMS) streams.delete(streams.keys().next().value!);
  }
  return stream;
}

/**
 * pure-rand's RandomGenerator over the ChaCha20 keystream: the `word`-th 32-bit little-endian word of
 * the stream of `key` (block = word / 16, ChaCha20's block counter). One block is computed at a time.
 */
class ChaChaGenerator implements RandomGenerator {
  constructor(
    private readonly key: string,
    private word: number,
  ) {}

  next(): number {
    const stream = streamOf(this.key);
    const block = Math.floor(this.word / WORDS_PER_BLOCK);
    if (block !== stream.block) {
      const bytes = chacha20(stream.bytes, NONCE, new Uint8Array(BLOCK_BYTES), undefined, block);
      stream.words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      stream.block = block;
    }
    const value = stream.words.getUint32((this.word % WORDS_PER_BLOCK) * 4, true);
    this.word++;
    return value | 0; // pure-rand's range: -2^31 .. 2^31 - 1
  }

  clone(): RandomGenerator {
    return new ChaChaGenerator(this.key, this.word);
  }

  /** pure-rand's read-only state: the next word's index (the key is not a number list). */
  getState(): readonly number[] {
    return [this.word];
  }

  state(): ChaChaState {
    return { kind: "chacha20", key: this.key, word: this.word };
  }
}
