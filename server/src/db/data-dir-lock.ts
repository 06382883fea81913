import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Another live process holds the data directory (callers word their own advice from it). */
export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another SoleSwap server (pid ${pid}) is using the data directory ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
  }
}

/**
 * PGlite has no lock between processes: two servers on one data directory silently lose rows.
 * We take an exclusive lock file (O_EXCL) holding our pid; a stale lock of a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'soleswap.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(pid, path.resolve(dataDir));
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dataDir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
