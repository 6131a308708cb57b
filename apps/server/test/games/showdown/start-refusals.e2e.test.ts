/**
 * A node that cannot start says why in one line and exits 1: a game module that does not load, one
 * whose id or earlier name is taken, a queue written before games were modules (`mode`). Nothing is
 * served meanwhile (the node stops before it listens).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_MAIN } from "../../support/build.js";
import { freePort } from "../../support/server.js";
import { buildShowdown } from "./build.js";

const dir = mkdtempSync(join(tmpdir(), "bang-refusals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SHOWDOWN = buildShowdown();

/** Starts the built server with `env`; resolves with its exit code and what it printed on stderr. */
async function start(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [SERVER_MAIN], {
    env: { ...process.env, PORT: String(await freePort()), DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn", CHECKPOINT_DISABLE: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr.trim() };
}

/** A module file of its own (a copy of Showdown under another id or with earlier names). */
function variant(name: string, patch: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import { showdown } from ${JSON.stringify(SHOWDOWN)};\nexport default { ...showdown, ${patch} };\n`);
  return file;
}

describe("a node that cannot start", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["a GAME_MODULES file that does not exist", { GAME_MODULES: join(dir, "missing.mjs") }, /game module file:\/\/.*missing\.mjs: cannot be imported/],
    ["a module whose id is a built-in game's", { GAME_MODULES: variant("clash", 'id: "dice"') }, /game "dice" is registered already/],
    ["a module whose earlier name is a built-in game's id", { GAME_MODULES: variant("alias", 'id: "alias", legacyNames: ["dice"]') }, /earlier name "dice" of game "alias" is taken by game "dice"/],
    ["a module whose id is a built-in game's earlier name", { GAME_MODULES: variant("classic", 'id: "classic"') }, /game "classic" is an earlier name of game "dice"/],
    ["a queue that names a mode", { MATCHMAKING_QUEUES: JSON.stringify([{ id: "old-4", mode: "classic", minSeats: 4, maxSeats: 4 }]) }, /MATCHMAKING_QUEUES: queue 0: mode: queues name their game now: "game" \(one of dice, dice_duel, cards, cash_n_guns\) replaces "mode"/],
  ];
  for (const [what, env, reason] of cases) {
    it(`${what}: one line naming the cause, exit 1`, async () => {
      const { status, stderr } = await start(env);
      expect(status).toBe(1);
      expect(stderr).toMatch(/^bang server: cannot start: /);
      expect(stderr).toMatch(reason);
      expect(stderr.split("\n")).toHaveLength(1);
    }, 90_000);
  }
});
