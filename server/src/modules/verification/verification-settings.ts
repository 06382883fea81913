import type { AppContext } from '../../context';
import { InternalMarketSource } from './internal-market-source';
import type { MarketDataSource } from './market-data-source';
import { loadInternalMarket } from './internal-market-loader';

export interface VerificationSettings {
  marketData: MarketDataSource;
  /**
   * How long a verify request waits for its job before answering 202 with the run to follow.
   * Long enough for the usual run (well under a second), short enough that a slow market source
   * never keeps the request open near a proxy's timeout.
   */
  waitMs: number;
  /** How often the waiting request looks at the run. */
  pollMs: number;
}

export const DEFAULT_VERIFY_WAIT_MS = 4000;

const settings = new WeakMap<AppContext, VerificationSettings>();

/** The app's verification settings: the internal market source unless another was configured. */
export function verificationSettings(ctx: AppContext): VerificationSettings {
  let current = settings.get(ctx);
  if (!current) {
    current = {
      marketData: new InternalMarketSource((input) => loadInternalMarket(ctx, input), ctx.now),
      waitMs: DEFAULT_VERIFY_WAIT_MS,
      pollMs: 100,
    };
    settings.set(ctx, current);
  }
  return current;
}

/** Swaps in another market source or wait (a marketplace adapter, or a test's slow source). */
export function configureVerification(ctx: AppContext, changes: Partial<VerificationSettings>): void {
  settings.set(ctx, { ...verificationSettings(ctx), ...changes });
}
