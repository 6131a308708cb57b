// What Linux's /proc says of a process: its CPU time, and the CPU time of the processes whose command
// line names something (PostgreSQL's backends of one database), and the machine's load average.
import { readdirSync, readFileSync } from "node:fs";
import { cpuMsOfStat } from "./stats.mjs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
const TICKS = 100;

/** CPU ms (user + system, all threads) process `pid` has used so far; NaN when it is gone or there is no /proc. */
export function cpuMsOf(pid) {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"), TICKS);
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU ms used so far by every PostgreSQL process whose command line contains `needle` (PostgreSQL
 * titles each backend "postgres: user database address state": the backends serving one database).
 * Only titles starting with "postgres" count: the driver's own command line carries the needle too (in
 * its JSON argument), and counting it put the clients' CPU into PostgreSQL's. Backends that ended in
 * between are not counted: compare two readings over a window when the pool stays open.
 */
export function cpuMsOfMatching(needle) {
  let total = 0;
  let pids = [];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return Number.NaN;
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.startsWith("postgres") || !cmdline.includes(needle)) continue;
      total += cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"), TICKS);
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** The 1-minute load average (/proc/loadavg's first field); NaN without /proc. */
export function loadAverage() {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return Number.NaN;
  }
}
