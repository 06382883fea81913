import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { PermanentJobFailure } from '../jobs/job-queue';
import { MarketTooLargeError, runClearing } from './loops/run-clearing';
import { JOB_HANDLERS } from './register-jobs';

vi.mock('./loops/run-clearing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./loops/run-clearing')>()),
  runClearing: vi.fn(),
}));

describe('the hourly loop clearing job', () => {
  const ctx = {} as AppContext;

  it('gives up at once on a market above the engine limit, which no retry can clear', async () => {
    vi.mocked(runClearing).mockRejectedValueOnce(new MarketTooLargeError(71_519));
    const run = JOB_HANDLERS['loops.clear']!(ctx, {});
    await expect(run).rejects.toBeInstanceOf(PermanentJobFailure);
    await expect(run).rejects.toThrow('at least 71519 members');
  });

  it('leaves any other failure to be retried', async () => {
    const lockTimeout = new AppError('CONFLICT', 'another clearing holds the lock');
    vi.mocked(runClearing).mockRejectedValueOnce(lockTimeout);
    await expect(JOB_HANDLERS['loops.clear']!(ctx, {})).rejects.toBe(lockTimeout);
  });
});
