/**
 * The random source (random.ts, DESIGN invariant 1): seeded draws are a function of the generator
 * state; a forced source plays back exactly the draws it is given and throws ForcedDrawError for any
 * draw that does not fit; a recording source keeps every draw so that a forced game replays.
 */
import { describe, expect, it } from "vitest";
import { createBotRng, ForcedDrawError, forcedSource, recordingSource, seededSource, seedRng, type Draw, type RandomSource } from "../src/index.js";

const FACES = ["a", "b", "c", "d", "e", "f"] as const;
const DECK = [{ card: 1 }, { card: 2 }, { card: 3 }, { card: 4 }];
const rng = seedRng(42);

/** One roll, one shuffle, one pick, each from the state the previous draw left. */
function drawAll(random: RandomSource) {
  const roll = random.roll(rng, FACES, 3);
  const shuffled = random.shuffle(roll.rng, DECK);
  const picked = random.pick(shuffled.rng, ["x", "y", "z"]);
  return { roll, shuffled, picked };
}

describe("seededSource", () => {
  it("the same generator state draws the same values and the same next state (determinism)", () => {
    const a = drawAll(seededSource);
    const b = drawAll(seededSource);
    expect(b).toEqual(a);
    expect(a.roll.values).toHaveLength(3);
    for (const v of a.roll.values) expect(FACES).toContain(v);
    expect(a.roll.rng).not.toEqual(rng);
    expect([...a.shuffled.items].sort((x, y) => x.card - y.card)).toEqual(DECK);
    expect(["x", "y", "z"][a.picked.index]).toBe(a.picked.item);
  });

  it("another seed draws another sequence, and the state moves on between draws", () => {
    const rolls = (seed: number) => {
      let state = seedRng(seed);
      const out: string[] = [];
      for (let i = 0; i < 20; i++) {
        const r = seededSource.roll(state, FACES, 5);
        out.push(...r.values);
        state = r.rng;
      }
      return out.join("");
    };
    expect(rolls(1)).toBe(rolls(1));
    expect(rolls(1)).not.toBe(rolls(2));
    expect(new Set(rolls(1)).size).toBe(6);
  });

  it("the generator state is plain JSON: a state through JSON draws the same", () => {
    const through = JSON.parse(JSON.stringify(rng));
    expect(seededSource.roll(through, FACES, 5)).toEqual(seededSource.roll(rng, FACES, 5));
    const key = seedRng("ab".repeat(32));
    expect(seededSource.shuffle(JSON.parse(JSON.stringify(key)), DECK)).toEqual(seededSource.shuffle(key, DECK));
  });

  it("picking from nothing is a caller's bug (RangeError)", () => {
    expect(() => seededSource.pick(rng, [])).toThrow(RangeError);
  });

  it("a bot's generator is seeded too: the same seed makes the same choices", () => {
    const choices = (seed: number) => {
      const bot = createBotRng(seed);
      return Array.from({ length: 30 }, () => [bot.int(0, 9), bot.chance(1, 3), bot.pick(FACES)]);
    };
    expect(choices(7)).toEqual(choices(7));
    expect(choices(7)).not.toEqual(choices(8));
    expect(() => createBotRng(1).pick([])).toThrow(/empty/);
  });
});

describe("forcedSource", () => {
  it("plays back the forced roll, shuffle and pick in order, and leaves the generator state as it was", () => {
    const forced = forcedSource([{ roll: ["f", "a", "f"] }, { shuffle: [{ card: 3 }, { card: 1 }, { card: 4 }, { card: 2 }] }, { pick: "z" }]);
    expect(forced.queued).toBe(3);
    const { roll, shuffled, picked } = drawAll(forced);
    expect(roll).toEqual({ values: ["f", "a", "f"], rng });
    expect(shuffled.items).toEqual([{ card: 3 }, { card: 1 }, { card: 4 }, { card: 2 }]);
    expect(shuffled.items[0]).toBe(DECK[2]); // the items themselves, in the forced order
    expect(shuffled.rng).toBe(rng);
    expect(picked).toEqual({ item: "z", index: 2, rng });
    expect(forced.queued).toBe(0);
  });

  it("push queues one more draw", () => {
    const forced = forcedSource();
    expect(forced.queued).toBe(0);
    forced.push({ roll: ["b"] });
    expect(forced.queued).toBe(1);
    expect(forced.roll(rng, FACES, 1).values).toEqual(["b"]);
  });

  const mismatches: [string, Draw[], (random: RandomSource) => unknown, RegExp][] = [
    ["no draw queued", [], (r) => r.roll(rng, FACES, 1), /no forced draw queued for a roll of 1/],
    ["a draw of another kind", [{ pick: "a" }], (r) => r.roll(rng, FACES, 1), /is a pick, not a roll/],
    ["a shuffle where a roll is drawn", [{ roll: ["a"] }], (r) => r.shuffle(rng, DECK), /is a roll, not a shuffle/],
    ["a roll of another size", [{ roll: ["a", "b"] }], (r) => r.roll(rng, FACES, 3), /needs 3 values, 2 were given/],
    ["a roll value that is not a face", [{ roll: ["a", "g"] }], (r) => r.roll(rng, FACES, 2), /"g" is not one of/],
    ["a shuffle missing an item", [{ shuffle: [{ card: 1 }, { card: 2 }, { card: 3 }] }], (r) => r.shuffle(rng, DECK), /not a permutation/],
    ["a shuffle repeating an item", [{ shuffle: [{ card: 1 }, { card: 1 }, { card: 2 }, { card: 3 }] }], (r) => r.shuffle(rng, DECK), /not a permutation/],
    ["a shuffle with an unknown item", [{ shuffle: [{ card: 1 }, { card: 2 }, { card: 3 }, { card: 5 }] }], (r) => r.shuffle(rng, DECK), /not a permutation/],
    ["a pick not among the items", [{ pick: "w" }], (r) => r.pick(rng, ["x", "y"]), /"w" is not one of the items/],
    ["a pick where a shuffle is drawn", [{ shuffle: [] }], (r) => r.pick(rng, ["x"]), /is a shuffle, not a pick/],
  ];
  for (const [what, draws, draw, message] of mismatches) {
    it(`throws ForcedDrawError for ${what}`, () => {
      const forced = forcedSource(draws);
      let thrown: unknown;
      try {
        draw(forced);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ForcedDrawError);
      expect((thrown as Error).name).toBe("ForcedDrawError");
      expect((thrown as Error).message).toMatch(message);
    });
  }
});

describe("recordingSource", () => {
  it("keeps every draw of the source it wraps, in order; take() hands them over once", () => {
    const recorder = recordingSource(seededSource);
    const seeded = drawAll(seededSource);
    const recorded = drawAll(recorder);
    expect(recorded).toEqual(seeded); // recording changes nothing
    const draws = recorder.take();
    expect(draws).toEqual([{ roll: seeded.roll.values }, { shuffle: seeded.shuffled.items }, { pick: seeded.picked.item }]);
    expect(recorder.take()).toEqual([]);
  });

  it("the draws it kept replay through a forced source to the same values (a forced game's log)", () => {
    const recorder = recordingSource(seededSource);
    const live = drawAll(recorder);
    const again = drawAll(forcedSource(JSON.parse(JSON.stringify(recorder.take()))));
    expect(again.roll.values).toEqual(live.roll.values);
    expect(again.shuffled.items).toEqual(live.shuffled.items);
    expect(again.picked.item).toBe(live.picked.item);
    expect(again.picked.index).toBe(live.picked.index);
  });

  it("records the draws of a forced source as forced", () => {
    const recorder = recordingSource(forcedSource([{ roll: ["c", "c"] }]));
    recorder.roll(rng, FACES, 2);
    expect(recorder.take()).toEqual([{ roll: ["c", "c"] }]);
  });
});
