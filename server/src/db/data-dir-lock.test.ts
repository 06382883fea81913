import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, processStartTime } from './data-dir-lock';

let dir: string;
let other: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'soleswap-lock-'));
});
afterEach(() => {
  other?.kill('SIGKILL');
  other = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Another live process (not a SoleSwap server): its pid is what a stale lock may name after a restart. */
async function liveProcess(): Promise<number> {
  other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((resolve) => other!.once('spawn', resolve));
  return other.pid!;
}

const lockFile = () => path.join(dir, 'soleswap.lock');

describe('the data-directory lock', () => {
  it('is taken, refused to a second holder while the first lives, and released', async () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    release();
    expect(existsSync(lockFile())).toBe(false);

    const pid = await liveProcess();
    writeFileSync(lockFile(), String(pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it('takes over the lock of a killed server', () => {
    writeFileSync(lockFile(), '999999999 12345');
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a stale lock whose pid now belongs to another process', async () => {
    const pid = await liveProcess();
    const started = processStartTime(pid);
    expect(started).toMatch(/^\d+$/);

    writeFileSync(lockFile(), `${pid} ${Number(started) + 1}`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();

    writeFileSync(lockFile(), `${pid} ${started}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });
});
