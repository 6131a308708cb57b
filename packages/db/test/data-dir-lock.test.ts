/**
 * One process at a time in a PGlite data directory (src/data-dir-lock.ts): a live holder refuses
 * another opener with DATA_DIR_LOCKED naming its pid; a lock left by a process that died is taken over;
 * closing the database releases it. (A tester's report: a second `npm start` opened the same DATA_DIR
 * beside the first, two PostgreSQL servers over one set of files, before failing on the port.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/index.js";
import { LOCK_FILE, lockDataDir } from "../src/data-dir-lock.js";
import { START_TIMEOUT } from "./support/backends.js";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bang-db-lock-"));
  dirs.push(dir);
  return dir;
}

/** A live process that is not this one (it holds the lock in the tests), and a way to end it. */
async function otherProcess(): Promise<{ pid: number; end(): Promise<void> }> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((r) => child.once("spawn", r));
  return {
    pid: child.pid!,
    end: () => new Promise<void>((r) => (child.once("exit", () => r()), child.kill("SIGKILL"))),
  };
}

describe("the PGlite data directory's lock", () => {
  it("a live holder refuses another opener (DATA_DIR_LOCKED naming its pid); a dead one's lock is taken over", async () => {
    const dir = await freshDir();
    const holder = await otherProcess();
    writeFileSync(path.join(dir, LOCK_FILE), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(expect.objectContaining({ code: "DATA_DIR_LOCKED", message: expect.stringContaining(`process ${holder.pid}`) }));
    // Refused: the holder's lock is left as it was.
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(holder.pid));

    await holder.end();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("openDatabase takes it for as long as the database is open, and is refused while another process holds it", async () => {
    const dir = await freshDir();
    const db = await openDatabase({ url: null, dataDir: dir });
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(String(process.pid));
    await db.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const holder = await otherProcess();
    writeFileSync(path.join(dir, LOCK_FILE), String(holder.pid));
    await expect(openDatabase({ url: null, dataDir: dir })).rejects.toMatchObject({ code: "DATA_DIR_LOCKED" });
    await holder.end();
    const again = await openDatabase({ url: null, dataDir: dir });
    await again.close();
  }, START_TIMEOUT);
});
