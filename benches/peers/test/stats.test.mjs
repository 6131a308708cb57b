// The statistics of `npm run bench:peers` (src/stats.mjs): the figures its table prints.
import { describe, expect, it } from "vitest";
import { cpuMsOfStat, median, mediansByTarget, percentile, ratio, summarizeRun } from "../src/stats.mjs";

describe("percentile (nearest rank)", () => {
  it("is always one of the samples: p50 of 1..10 is 5, p99 is the maximum", () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(values[0]).toBe(10); // not sorted in place
  });

  it("is NaN without samples and refuses a rank outside 0..100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("median", () => {
  it("takes the middle value, the mean of the two middle ones for an even count, and skips NaN (a failed run)", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, Number.NaN, 1, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe("cpuMsOfStat", () => {
  it("reads utime + stime (fields 14 and 15) in clock ticks, past a command name holding spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const line = "4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 123 456 789";
    expect(cpuMsOfStat(line, 100)).toBe(3000);
    expect(cpuMsOfStat(line, 1000)).toBe(300);
  });

  it("throws for a text that is not a stat line", () => {
    expect(() => cpuMsOfStat("not a stat line")).toThrow(/not a \/proc/);
  });
});

describe("summarizeRun", () => {
  it("counts only the commands sent inside the window, per second of it, and divides the CPU used in it by them", () => {
    const samples = [
      { sentAt: 999, ms: 1000 }, // before the window (tables forming): left out
      { sentAt: 1000, ms: 10 },
      { sentAt: 1500, ms: 20 },
      { sentAt: 2000, ms: 30 },
      { sentAt: 2999, ms: 40 },
      { sentAt: 3000, ms: 5000 }, // after it (games finishing): left out
    ];
    const run = summarizeRun({ samples, from: 1000, windowMs: 2000, serverCpuMs: [100, 180], driverCpuMs: [0, 40] });
    expect(run.commands).toBe(4);
    expect(run.commandsPerSecond).toBe(2);
    expect(run.p50Ms).toBe(20);
    expect(run.p99Ms).toBe(40);
    expect(run.serverCpuMsPerCommand).toBe(20);
    expect(run.driverCpuMsPerCommand).toBe(10);
  });

  it("gives NaN per command when nothing completed, and refuses an empty window", () => {
    const run = summarizeRun({ samples: [], from: 0, windowMs: 1000, serverCpuMs: [0, 10] });
    expect(run.commandsPerSecond).toBe(0);
    expect(run.serverCpuMsPerCommand).toBeNaN();
    expect(run.driverCpuMsPerCommand).toBeNaN();
    expect(() => summarizeRun({ samples: [], from: 0, windowMs: 0, serverCpuMs: [0, 0] })).toThrow(RangeError);
  });
});

describe("ratio and mediansByTarget", () => {
  it("prints project over peer with two decimals, '-' when the peer has nothing", () => {
    expect(ratio(500, 1000)).toBe("0.50x");
    expect(ratio(1500, 1000)).toBe("1.50x");
    expect(ratio(1, 0)).toBe("-");
    expect(ratio(Number.NaN, 1)).toBe("-");
  });

  it("takes each target's median over rounds, in the order the targets first ran, with every run's load average", () => {
    const run = (target, commandsPerSecond, loadAverage) => ({ target, commandsPerSecond, p50Ms: 1, p99Ms: 2, serverCpuMsPerCommand: 3, driverCpuMsPerCommand: 4, commands: 5, loadAverage });
    const medians = mediansByTarget([run("project-pg", 600, 4), run("colyseus", 1700, 5), run("project-pg", 700, 6), run("colyseus", 1500, 3), run("project-pg", 650, 2)]);
    expect(medians.map((m) => m.target)).toEqual(["project-pg", "colyseus"]);
    expect(medians[0]).toMatchObject({ rounds: 3, commandsPerSecond: 650, loadAverages: [4, 6, 2] });
    expect(medians[1]).toMatchObject({ rounds: 2, commandsPerSecond: 1600, loadAverages: [5, 3] });
  });
});
