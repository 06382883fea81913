import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { runClearing } from './loops/run-clearing';
import { JOB_HANDLERS } from './register-jobs';

vi.mock('./loops/run-clearing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./loops/run-clearing')>()),
  runClearing: vi.fn(),
}));

describe('the hourly loop clearing job', () => {
  const ctx = {} as AppContext;

  it('leaves a failure to be retried (no market is refused for its size any more)', async () => {
    const lockTimeout = new AppError('CONFLICT', 'another clearing holds the lock');
    vi.mocked(runClearing).mockRejectedValueOnce(lockTimeout);
    await expect(JOB_HANDLERS['loops.clear']!(ctx, {})).rejects.toBe(lockTimeout);
  });
});
