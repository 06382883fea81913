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
 * We take an exclusive lock file (O_EXCL) holding our pid and, on Linux, our start time; a stale
 * lock of a dead process is taken over. The start time matters after a crash or a reboot: the pid
 * in a stale lock may by then belong to some other process, which must not block the restart.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'soleswap.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const started = processStartTime(process.pid);
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
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
      const [pidText = '', startedText] = readFileSync(file, 'utf8').trim().split(/\s+/);
      const pid = Number(pidText);
      if (pid && pid !== process.pid && isAlive(pid) && isSameProcess(pid, startedText)) {
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

/**
 * When the process with this pid started (clock ticks since boot, /proc/<pid>/stat field 22), or
 * null where there is no /proc. Together with the pid it names one process for good.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** False when the lock recorded a start time and the live process with that pid started at another. */
function isSameProcess(pid: number, recordedStart: string | undefined): boolean {
  if (!recordedStart) return true;
  const current = processStartTime(pid);
  return current === null || current === recordedStart;
}
