/**
 * One process at a time in a PGlite data directory. PGlite has no lock of its own: a second process
 * that opens the same folder (a second `npm start`, the CLI's `admin create` beside a running server)
 * would run a second PostgreSQL over the same files. The first opener writes its pid to
 * `<dataDir>/bang.lock` (created exclusively); a later opener is refused DATA_DIR_LOCKED naming that
 * pid while the process lives. A lock left by a process that died (SIGKILL, power loss) is taken over.
 *
 * Written here rather than with proper-lockfile: that library's locks are mtime-refreshed directories
 * meant for cooperating processes across machines; one pid file checked with `kill(pid, 0)` is what a
 * folder on one machine needs, and it adds no dependency to the package.
 */
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { DbError } from "./errors.js";

/** The lock file's name inside the data directory. */
export const LOCK_FILE = "bang.lock";

/** Is a process of this pid running (or one we may not signal, which is running too)? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock of `dir` for this process; returns its release (idempotent; also run when the process
 * exits). Throws DbError DATA_DIR_LOCKED when a live process holds it.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.on("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new DbError("DATA_DIR_LOCKED", `the data directory ${dir} is in use by process ${holder} (another server or CLI on the same DATA_DIR): stop it, or use another DATA_DIR`);
      }
      // Left by a process that is gone (or by this one, opened twice): take it over.
      unlinkSync(file);
    }
  }
  throw new DbError("DATA_DIR_LOCKED", `the data directory ${dir} could not be locked (${file} keeps coming back)`);
}
