// Runs one driver process (a driver.mjs, this checkout's or another's) for one run and resolves with
// the JSON line it prints last.
import { spawn } from "node:child_process";

/**
 * Runs `driverPath` with `config` (its one JSON argument) at niceness `nice` (0: as this process),
 * node flags `nodeArgs` before the script; resolves with its last stdout line parsed, rejects with
 * the exit code and the end of its output when it fails.
 */
export function runDriver(driverPath, config, { nice = 0, nodeArgs = [] } = {}) {
  const args = [...nodeArgs, driverPath, JSON.stringify(config)];
  const child = nice > 0 ? spawn("nice", ["-n", String(nice), process.execPath, ...args], { stdio: ["ignore", "pipe", "inherit"] }) : spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`${driverPath} exited ${code}: ${out.slice(-500)}`));
    }),
  );
}
