import { DAY_MS } from '@soleswap/contracts/time';

/** Runs `work` with the app's clock `days` ahead (a deadline passed), then puts the clock back. */
export async function withClockAhead<T>(ctx: { now: () => Date }, days: number, work: () => Promise<T>): Promise<T> {
  const realNow = ctx.now;
  ctx.now = () => new Date(Date.now() + days * DAY_MS);
  try {
    return await work();
  } finally {
    ctx.now = realNow;
  }
}
