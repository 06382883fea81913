import type { PayoutDestinationView, StripeOnboardingLink } from '@soleswap/contracts/wallet';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { providerKey, runProviderStep, skip } from '../payments/provider-step';
import { CASH_CALL_TIMEOUT_MS } from './cash-call';
import { findConnectAccount, keepConnectAccount, markConnectAccountConnected } from './connect-accounts.repository';
import { connectApiFor, type StripeConnectApi } from './stripe-connect-api';

/** Where Stripe sends the member back to: the wallet page, which reads how the account stands. */
const walletUrl = (ctx: AppContext, stripe: 'return' | 'refresh') => `${ctx.env.APP_ORIGIN}/wallet?stripe=${stripe}`;

function connectApiOrConflict(ctx: AppContext): StripeConnectApi {
  const connectApi = connectApiFor(ctx);
  if (!connectApi) {
    throw new AppError('CONFLICT', 'Withdrawals here go to a bank account given on the wallet page, not to a Stripe account.');
  }
  return connectApi;
}

/**
 * The member starts (or resumes) connecting the Stripe account their withdrawals go to
 * (docs/rules/money.md#a-payout): their Express account is made once (kept on their
 * wallet; under `providerKey('connect-account', member)`, so a retry whose answer was lost gets the
 * same account from Stripe), then a fresh onboarding link is made for it. Both calls are provider
 * steps, with no transaction open. 409 CONFLICT in the sandbox.
 */
export async function startStripeOnboarding(ctx: AppContext, memberId: string): Promise<StripeOnboardingLink> {
  const connectApi = connectApiOrConflict(ctx);
  const accountId = await runProviderStep({
    name: 'make a Stripe Connect account',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => {
      const kept = (await findConnectAccount(ctx.db, memberId)).connectAccountId;
      return kept ? skip(kept) : { memberId };
    },
    call: (intent) => connectApi.createAccount(intent, providerKey('connect-account', memberId)),
    apply: (_intent, made) => keepConnectAccount(ctx.db, memberId, made, ctx.now()),
  });
  const url = await runProviderStep({
    name: 'link a Stripe Connect account',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => ({ accountId, refreshUrl: walletUrl(ctx, 'refresh'), returnUrl: walletUrl(ctx, 'return') }),
    call: (intent) => connectApi.createAccountLink(intent),
    apply: async (_intent, link) => link,
  });
  return { url };
}

/**
 * Reads the account from Stripe and records it connected once Stripe says it can be paid: from then
 * on withdrawals go to it. Nothing is recorded when Stripe does not answer (read again next time).
 */
async function refreshConnectAccount(ctx: AppContext, connectApi: StripeConnectApi, accountId: string): Promise<boolean> {
  return runProviderStep({
    name: 'read a Stripe Connect account',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => accountId,
    call: (id) => connectApi.retrieveAccount(id),
    unanswered: () => false,
    apply: async (_id, state) => state.isConnected && (await markConnectAccountConnected(ctx.db, state.accountId, ctx.now())),
  });
}

/**
 * How the member's Stripe destination stands, for the wallet page: connected, or how far onboarding
 * got. An account made but not yet connected is read from Stripe (the member may just have come back
 * from onboarding); an outage leaves it pending.
 */
export async function getStripeDestination(ctx: AppContext, memberId: string): Promise<PayoutDestinationView> {
  const connectApi = connectApiFor(ctx);
  const { connectAccountId, payoutAccountId } = await findConnectAccount(ctx.db, memberId);
  if (payoutAccountId) return { provider: 'stripe', destination: { kind: 'stripe_account' } };
  if (!connectAccountId || !connectApi) return { provider: 'stripe', destination: null, stripeOnboarding: 'not_started' };
  return (await refreshConnectAccount(ctx, connectApi, connectAccountId))
    ? { provider: 'stripe', destination: { kind: 'stripe_account' } }
    : { provider: 'stripe', destination: null, stripeOnboarding: 'pending' };
}

/** applied: a member's account is now connected; unchanged: nothing to record. */
export type ConnectWebhookOutcome = 'applied' | 'unchanged';

/**
 * Stripe's `account.updated` (delivered to the same webhook route, its signature checked): the
 * account is read again from Stripe (an event may arrive late or out of order) and recorded connected
 * when it can be paid. Null when Stripe is not configured or the event is another kind, for the
 * payments' webhook to take.
 */
export async function handleConnectWebhook(
  ctx: AppContext,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<ConnectWebhookOutcome | null> {
  const connectApi = connectApiFor(ctx);
  if (!connectApi) return null;
  const accountId = await runProviderStep({
    name: 'read a Stripe Connect webhook',
    intent: async () => input,
    call: ({ rawBody, signature }) => connectApi.parseAccountWebhook(rawBody, signature),
    apply: async (_input, parsed) => parsed,
  });
  if (!accountId) return null;
  return (await refreshConnectAccount(ctx, connectApi, accountId)) ? 'applied' : 'unchanged';
}
