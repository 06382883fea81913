import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CardPaymentSchema, PaymentIntentRefSchema, PaymentsQuerySchema, makeCardPaymentSchema } from '@soleswap/contracts/payments';
import type { PaymentConfirmation } from '@soleswap/contracts/payments';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { requireUser } from '../../http/auth';
import { idempotent, RefusalAfterWork } from '../../http/idempotency';
import { parse } from '../../http/validate';
import { cancelMembership } from './cancel-membership';
import { approveSandboxAction, confirmSandboxPayment, refuseSandboxAction } from './confirm-sandbox-payment';
import { createMembershipPayment } from './create-membership-payment';
import { findMyPayments } from './find-my-payments';
import { getMembership, getPaymentsConfig } from './get-payments-config';
import { handlePaymentWebhook } from './handle-payment-webhook';
import { refreshPayment } from './refresh-payment';
import { refundMembership } from './refund-membership';

/** Payment calls are counted per member (per address for visitors, who are refused anyway). */
const perMember = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const userId = request.session?.get('userId');
    return userId ? `payments:member:${userId}` : `payments:ip:${request.ip}`;
  },
});

/** A declined card is kept on the payment and answered as 402 with the provider's words. */
function declinedAsRefusal(result: PaymentConfirmation): PaymentConfirmation | RefusalAfterWork {
  if (result.status !== 'failed') return result;
  return new RefusalAfterWork(new AppError('PAYMENT_DECLINED', result.failureMessage ?? 'Payment could not be processed'));
}

function paymentIdOf(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!/^[\w-]{1,200}$/.test(id)) throw notFound('Payment');
  return id;
}

/** What other modules take from Stripe's one webhook route, handed in at start-up (register-modules.ts). */
export interface PaymentsRoutesOptions {
  /**
   * Stripe events that are not a payment's (a connected account's `account.updated` is the wallet's:
   * where withdrawals go): the outcome when the event was theirs, null to leave it to the payments.
   */
  otherStripeEvents: (ctx: AppContext, delivery: { rawBody: Buffer; signature: string | undefined }) => Promise<string | null>;
}

/**
 * Create, refresh and refund call the provider, which may be a network away: their Idempotency-Key
 * is claimed first (claimFirst), so no transaction is open while the provider answers.
 */
export async function paymentsRoutes(app: FastifyInstance, { otherStripeEvents }: PaymentsRoutesOptions) {
  const { ctx } = app;

  app.get('/api/payments/config', { config: { openapi: { summary: 'Membership price and payment provider (Stripe key or sandbox)' } } }, async () =>
    getPaymentsConfig(ctx),
  );

  app.get(
    '/api/membership',
    { config: { openapi: { summary: "The member's membership: period, cancellation, refund window" } } },
    async (request) => {
      const user = await requireUser(request);
      return getMembership(ctx, { memberId: user.id });
    },
  );

  app.post(
    '/api/create-membership-payment',
    {
      config: {
        rateLimit: perMember(20),
        openapi: { summary: 'Start (or resume) the membership payment (Idempotency-Key honoured)' },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return idempotent(request, reply, { userId: user.id, claimFirst: true }, (appCtx) => createMembershipPayment(appCtx, { memberId: user.id }));
    },
  );

  app.post(
    '/api/payments/sandbox/confirm',
    {
      config: {
        rateLimit: perMember(20),
        openapi: { summary: 'Pay with a test card (sandbox provider only)', body: CardPaymentSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const card = parse(makeCardPaymentSchema(ctx.now), request.body);
      return idempotent(request, reply, { userId: user.id }, async (txCtx) =>
        declinedAsRefusal(await confirmSandboxPayment(txCtx, { memberId: user.id, card })),
      );
    },
  );

  for (const [step, run, summary] of [
    ['approve', approveSandboxAction, 'Pass the card issuer’s confirmation step (sandbox)'],
    ['refuse', refuseSandboxAction, 'Fail the card issuer’s confirmation step (sandbox)'],
  ] as const) {
    app.post(`/api/payments/sandbox/:id/${step}`, { config: { rateLimit: perMember(20), openapi: { summary } } }, async (request, reply) => {
      const user = await requireUser(request);
      const paymentIntentId = paymentIdOf(request.params);
      return idempotent(request, reply, { userId: user.id }, async (txCtx) =>
        declinedAsRefusal(await run(txCtx, { memberId: user.id, paymentIntentId })),
      );
    });
  }

  app.post(
    '/api/payments/refresh',
    {
      config: { rateLimit: perMember(30), openapi: { summary: 'Ask the provider how a payment stands and apply it', body: PaymentIntentRefSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { paymentIntentId } = parse(PaymentIntentRefSchema, request.body);
      return idempotent(request, reply, { userId: user.id, claimFirst: true }, (appCtx) =>
        refreshPayment(appCtx, { memberId: user.id, paymentIntentId }),
      );
    },
  );

  app.get('/api/payments', { config: { openapi: { summary: "The member's charges and refunds, newest first" } } }, async (request) => {
    const user = await requireUser(request);
    const query = parse(PaymentsQuerySchema, request.query);
    return findMyPayments(ctx, { memberId: user.id, cursor: query.cursor ?? null, limit: query.limit });
  });

  app.post(
    '/api/membership/cancel',
    { config: { rateLimit: perMember(10), openapi: { summary: 'Cancel: premium runs to the end of the paid period (Idempotency-Key honoured)' } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return idempotent(request, reply, { userId: user.id }, (txCtx) => cancelMembership(txCtx, { memberId: user.id }));
    },
  );

  app.post(
    '/api/membership/refund',
    {
      config: {
        rateLimit: perMember(10),
        openapi: { summary: 'Refund the first payment within 30 days; premium ends at once (Idempotency-Key honoured)' },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return idempotent(request, reply, { userId: user.id, claimFirst: true }, (appCtx) => refundMembership(appCtx, { memberId: user.id }));
    },
  );

  // Stripe signs the exact bytes it sends, so this route keeps the body raw.
  await app.register(async (webhookScope) => {
    webhookScope.removeAllContentTypeParsers();
    webhookScope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    webhookScope.post(
      '/api/stripe/webhook',
      { config: { rateLimit: { max: 300, timeWindow: '1 minute' }, openapi: { summary: 'Stripe webhook (signature checked over the raw body)' } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const delivery = { rawBody, signature: typeof signature === 'string' ? signature : undefined };
        // An event handed in as another module's (a connected account's `account.updated`) is theirs; every other is a payment's.
        const outcome = (await otherStripeEvents(ctx, delivery)) ?? (await handlePaymentWebhook(ctx, delivery));
        return { received: true, outcome };
      },
    );
  });
}
