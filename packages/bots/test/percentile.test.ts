import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentile, percentileOfSorted, summarizeLatencies } from "../src/index.js";

describe("percentile (nearest rank)", () => {
  it("is always one of the samples: the smallest with at least p% of the samples at or below it", () => {
    const values = [15, 20, 35, 40, 50];
    expect(percentile(values, 0)).toBe(15);
    expect(percentile(values, 5)).toBe(15);
    expect(percentile(values, 20)).toBe(15);
    expect(percentile(values, 21)).toBe(20);
    expect(percentile(values, 30)).toBe(20);
    expect(percentile(values, 40)).toBe(20);
    expect(percentile(values, 50)).toBe(35);
    expect(percentile(values, 99)).toBe(50);
    expect(percentile(values, 100)).toBe(50);
  });

  it("sorts numerically, without changing its input", () => {
    const values = [10, 9, 100, 1, 2];
    expect(percentile(values, 50)).toBe(9);
    expect(percentile(values, 100)).toBe(100);
    expect(values).toEqual([10, 9, 100, 1, 2]);
  });

  it("one sample is every percentile; no sample is NaN; p outside 0..100 is a RangeError", () => {
    expect(percentile([3.5], 1)).toBe(3.5);
    expect(percentile([3.5], 99)).toBe(3.5);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentileOfSorted([1], Number.NaN)).toThrow(RangeError);
  });

  it("p99 of 1000 samples 1..1000 is 990; p50 is 500", () => {
    const values = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(percentile(values, 99)).toBe(990);
    expect(percentile(values, 50)).toBe(500);
  });

  it("property: a sample, at least p% at or below it, and monotone in p", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (values, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const x = percentile(values, lo);
        expect(values).toContain(x);
        expect(values.filter((v) => v <= x).length).toBeGreaterThanOrEqual((lo / 100) * values.length);
        expect(values.filter((v) => v < x).length).toBeLessThan(Math.max(1, (lo / 100) * values.length));
        expect(percentile(values, hi)).toBeGreaterThanOrEqual(x);
      }),
    );
  });
});

describe("summarizeLatencies", () => {
  it("count, p50, p90, p99, max and mean", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarizeLatencies(values)).toEqual({ samples: 100, p50: 50, p90: 90, p99: 99, max: 100, mean: 50.5 });
  });

  it("no sample: nulls", () => {
    expect(summarizeLatencies([])).toEqual({ samples: 0, p50: null, p90: null, p99: null, max: null, mean: null });
  });
});
