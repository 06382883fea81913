import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { optionalUser } from '../../http/auth';
import { requireConfirmedDevice } from './new-device/new-device';
import { hasSecondFactor, isSecondFactorRecent, stepUpRequired } from './two-factor/second-factor';

/** What a guarded route does: moves money (trades with pairs or cash, receipts, withdrawals, card payments) or changes where parcels go. */
export type StepUpKind = 'money' | 'address';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Premium's Enhanced Security guards this route (decisions §14): a session waiting for its
     * new-device link is refused, and a premium member needs a second factor from the last 10
     * minutes whatever the amount. Read by one hook (registerEnhancedSecurity).
     */
    stepUp?: StepUpKind;
  }
}

/**
 * The one rule of premium's Enhanced Security for a money or address action
 * (docs/rules/sign-in.md#premiums-enhanced-security):
 * - a session that signed in from a new device and has not opened its e-mailed link: 403 DEVICE_UNCONFIRMED;
 * - a premium member: a second factor from the last 10 minutes, whatever the amount (403
 *   STEP_UP_REQUIRED), and one enrolled to give it (403 SECOND_FACTOR_REQUIRED);
 * - anyone else: nothing here; the route's own rule stands (a trade over STEP_UP_TRADE_VALUE_CENTS,
 *   every withdrawal: trade-step-up.ts, wallet.routes.ts).
 * A caller who is not signed in passes, and the route answers 401 as it would.
 */
export async function requireEnhancedSecurity(request: FastifyRequest, kind: StepUpKind): Promise<void> {
  const user = await optionalUser(request);
  if (!user) return;
  await requireConfirmedDevice(request);
  if (!user.isPremiumMember || isSecondFactorRecent(request, request.server.ctx.now())) return;
  if (await hasSecondFactor(request.server.ctx.db, user.id)) throw stepUpRequired();
  throw new AppError(
    'SECOND_FACTOR_REQUIRED',
    kind === 'money'
      ? 'Enhanced Security asks for your second factor before every money action: add an authenticator app or a passkey in Settings → Security first.'
      : 'Enhanced Security asks for your second factor before every address change: add an authenticator app or a passkey in Settings → Security first.',
  );
}

/** The hook that reads each route's `config.stepUp`; registered before the modules' routes, so every route gets it. */
export function registerEnhancedSecurity(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const kind = request.routeOptions.config?.stepUp;
    if (kind) await requireEnhancedSecurity(request, kind);
  });
}
