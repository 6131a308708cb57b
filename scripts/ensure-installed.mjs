// Makes the two quick-start commands work on a fresh clone: installs the packages from the lockfile
// (npm ci) when node_modules is missing, and does nothing otherwise.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(new URL("../node_modules/.package-lock.json", import.meta.url))) {
  console.log("First run: installing the packages from package-lock.json (npm ci)...");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
