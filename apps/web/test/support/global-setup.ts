/**
 * Vitest global setup of the browser tests (project "web-e2e"): builds the server, the CLI (bang replay reads an exported log) and the web app
 * (turbo: nothing to do when `npm test` just built them) and checks Chromium is installed, failing
 * with the command that installs it (never a skip).
 */
import { spawnSync } from "node:child_process";
import { ensureServerBuilt, ROOT } from "../../../server/test/support/build.js";
import { chromiumPath } from "./browser.js";

export default function setup(): void {
  chromiumPath();
  ensureServerBuilt();
  const build = spawnSync("npx", ["turbo", "run", "build", "--filter=@bang/web", "--filter=@bang/cli", "--output-logs=errors-only"], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" },
  });
  if (build.status !== 0) throw new Error(`building the web app failed:\n${build.stdout}\n${build.stderr}`);
}
