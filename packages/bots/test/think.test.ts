/** The load generator's thinking pauses (remote/think.ts): spread around their mean, seeded, bounded. */
import { describe, expect, it } from "vitest";
import { runLoad } from "../src/remote/load.js";
import { thinkPauses } from "../src/remote/think.js";

const draw = (next: () => number, n: number) => Array.from({ length: n }, next);

describe("thinkPauses", () => {
  it("draws pauses in mean × [0.5, 1.5] at jitter 0.5, spread over the range, averaging the mean", () => {
    const pauses = draw(thinkPauses(2000, 0.5, 7), 4000);
    expect(Math.min(...pauses)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(3000);
    // Both quarters of the range are reached: not a constant, not a narrow band.
    expect(pauses.some((p) => p < 1250)).toBe(true);
    expect(pauses.some((p) => p > 2750)).toBe(true);
    const mean = pauses.reduce((a, b) => a + b, 0) / pauses.length;
    expect(Math.abs(mean - 2000)).toBeLessThan(40);
  });

  it("is the same for the same seed, and differs between seeds (seats do not think in step)", () => {
    expect(draw(thinkPauses(2000, 0.5, 3), 20)).toEqual(draw(thinkPauses(2000, 0.5, 3), 20));
    expect(draw(thinkPauses(2000, 0.5, 3), 20)).not.toEqual(draw(thinkPauses(2000, 0.5, 4), 20));
  });

  it("gives the mean itself at jitter 0, and 0 for a mean of 0", () => {
    expect(new Set(draw(thinkPauses(1500, 0, 1), 50))).toEqual(new Set([1500]));
    expect(new Set(draw(thinkPauses(0, 0.5, 1), 50))).toEqual(new Set([0]));
  });

  it("refuses a negative mean and a jitter outside 0..1", () => {
    expect(() => thinkPauses(-1, 0.5, 1)).toThrow(RangeError);
    expect(() => thinkPauses(100, 1.5, 1)).toThrow(/thinkJitter/);
    expect(() => thinkPauses(100, -0.1, 1)).toThrow(/thinkJitter/);
  });

  it("runLoad refuses bad thinking options before any connection (port 9 would refuse one)", async () => {
    const url = "http://127.0.0.1:9";
    await expect(runLoad({ url, game: "dice", tables: 2, thinkJitter: 2 })).rejects.toThrow(/thinkJitter/);
    await expect(runLoad({ url, game: "dice", durationMs: 300, thinkJitter: -1 })).rejects.toThrow(RangeError);
    await expect(runLoad({ url, game: "dice", tables: 1, thinkMs: -5 })).rejects.toThrow(/thinkMs/);
  });
});
