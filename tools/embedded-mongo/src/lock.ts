import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Thrown when another live process (or this one) already has the data file open. */
export class DataFileLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `embedded-mongo: ${file} is in use by process ${pid}; one process per data file ` +
        '(stop the other one, or give this one its own EMBEDDED_MONGO_DATA)',
    );
    this.name = 'DataFileLockedError';
  }
}

/** Files this process holds: a second store in the same process is refused like another process. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `<file>.lock` (created exclusively, holding this pid) so that two stores never replay,
 * fold or delete each other's journal. A lock left by a process that is no longer running (a
 * crash) is taken over. Returns the release function.
 */
export function lockDataFile(file: string): () => void {
  const lockFile = `${file}.lock`;
  if (heldHere.has(file)) throw new DataFileLockedError(file, process.pid);
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        try {
          if (readPid(lockFile) === process.pid) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(lockFile);
      if (pid !== undefined && pid !== process.pid && isRunning(pid)) throw new DataFileLockedError(file, pid);
      // Stale (its process is gone), unreadable, or left by an earlier run with our pid: remove and retry.
      try {
        unlinkSync(lockFile);
      } catch {
        // another starter removed it first; retry the exclusive create
      }
    }
  }
  throw new DataFileLockedError(file, readPid(lockFile) ?? 0);
}
