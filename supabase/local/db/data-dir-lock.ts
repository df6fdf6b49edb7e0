/**
 * PGlite must never open one data folder from two processes: a lock file beside the
 * folder names the process that holds it, and a second stack stops with a clear error.
 */
import fs from 'node:fs';

export interface DataDirLock {
  release(): void;
}

export class DataDirBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another local stack (process ${pid}). ` +
        'Stop that process first, or start this one with another --data-dir.',
    );
    this.name = 'DataDirBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockFile = `${dataDir}.lock`;
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirBusyError(dataDir, holder);
    }
    // A stale lock of a process that died: take it over.
    fs.writeFileSync(lockFile, String(process.pid));
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
      } catch {
        // Already gone.
      }
    },
  };
}
