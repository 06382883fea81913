import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayoutBankAccountSchema, StripeOnboardingSchema } from '@soleswap/contracts/wallet';
import { WalletQuerySchema, WithdrawalSchema, WithdrawalsQuerySchema } from '@soleswap/contracts/wallet';
import { CardHoldsQuerySchema } from '@soleswap/contracts/wallet';
import { requireUser } from '../../http/auth';
import { idempotencyKeyOf, idempotent } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { requireRecentSecondFactor } from '../identity/two-factor/second-factor';
import { findMyCardHolds } from './find-my-card-holds';
import { findMyWallet } from './find-my-wallet';
import { findMyWithdrawals } from './find-my-withdrawals';
import { getMyPayoutDestination, setMyPayoutBankAccount } from './payout-destination';
import { requestWithdrawal } from './request-withdrawal';
import { startStripeOnboarding } from './stripe-onboarding';

/** Wallet reads are counted per member. */
const perMember = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const userId = request.session?.get('userId');
    return userId ? `wallet:member:${userId}` : `wallet:ip:${request.ip}`;
  },
});

export async function walletRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/wallet',
    { config: { rateLimit: perMember(60), openapi: { summary: "The member's wallet: balance and entries, newest first" } } },
    async (request) => {
      const user = await requireUser(request);
      const query = parse(WalletQuerySchema, request.query);
      return findMyWallet(ctx, { memberId: user.id, cursor: query.cursor ?? null, limit: query.limit });
    },
  );

  app.get(
    '/api/wallet/card-holds',
    {
      config: {
        rateLimit: perMember(60),
        openapi: { summary: "Every hold put on the member's card (trade cash, protection holds) and what became of it, newest first" },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parse(CardHoldsQuerySchema, request.query);
      return findMyCardHolds(ctx, { memberId: user.id, cursor: query.cursor ?? null, limit: query.limit });
    },
  );

  app.get(
    '/api/wallet/payout-destination',
    { config: { rateLimit: perMember(60), openapi: { summary: "Where the member's withdrawals go: a sandbox bank account or a Stripe account" } } },
    async (request) => {
      const user = await requireUser(request);
      return getMyPayoutDestination(ctx, user.id);
    },
  );

  // Where money leaves to is what an account takeover changes first: the same step-up as a withdrawal.
  // Setting the same account again changes nothing a retry could double, so no Idempotency-Key.
  app.put(
    '/api/wallet/payout-destination',
    {
      config: {
        rateLimit: perMember(10),
        stepUp: 'money',
        openapi: { summary: 'The bank account sandbox withdrawals go to (kept as its last four digits)', body: PayoutBankAccountSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const body = parse(PayoutBankAccountSchema, request.body);
      await requireRecentSecondFactor(request, user.id);
      return setMyPayoutBankAccount(ctx, user.id, body);
    },
  );

  // With Stripe keys: the member's Express account is made once (a retry gets the same one) and a
  // fresh onboarding link answered each time, so no Idempotency-Key. The same step-up as a bank
  // account: it sets where money leaves to.
  app.post(
    '/api/wallet/payout-destination/stripe-onboarding',
    {
      config: {
        rateLimit: perMember(10),
        stepUp: 'money',
        openapi: { summary: 'Connect the Stripe account withdrawals go to: the Stripe onboarding page to send the member to' },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      parse(StripeOnboardingSchema, request.body ?? {});
      await requireRecentSecondFactor(request, user.id);
      return startStripeOnboarding(ctx, user.id);
    },
  );

  app.get(
    '/api/wallet/withdrawals',
    { config: { rateLimit: perMember(60), openapi: { summary: "The member's withdrawals, newest first" } } },
    async (request) => {
      const user = await requireUser(request);
      const query = parse(WithdrawalsQuerySchema, request.query);
      return findMyWithdrawals(ctx, { memberId: user.id, cursor: query.cursor ?? null, limit: query.limit });
    },
  );

  // The provider is a network away: the Idempotency-Key is claimed first, so no transaction is open during the call.
  app.post(
    '/api/wallet/withdrawals',
    {
      config: {
        rateLimit: perMember(10),
        stepUp: 'money',
        openapi: {
          summary: 'Withdraw from the balance: a sandbox payout or a Stripe Connect transfer (Idempotency-Key honoured)',
          body: WithdrawalSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = parse(WithdrawalSchema, request.body);
      // Issue #39: money leaving SoleSwap needs a second factor from the last 10 minutes, whatever the
      // amount (a threshold per request is beaten by many small ones). Checked before the key is claimed,
      // so the same call sent again after the step-up dialog goes through.
      await requireRecentSecondFactor(request, user.id);
      return idempotent(request, reply, { userId: user.id, claimFirst: true, status: 201 }, (appCtx) =>
        requestWithdrawal(appCtx, { memberId: user.id, amountCents: body.amountCents, requestKey: idempotencyKeyOf(request)?.key ?? null }),
      );
    },
  );
}
