import { DAY_MS, MINUTE_MS } from '@soleswap/contracts/time';
import type { AppContext } from '../../context';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import { runProviderStep, skip } from '../payments/provider-step';
import { CASH_CALL_TIMEOUT_MS } from './cash-call';
import { moneyProviderFor } from '../payments/payment-providers';
import {
  findAuthorization,
  findAuthorizedBefore,
  findReplacementOf,
  findRequestedReplacements,
  insertReplacement,
  updateAuthorizationFrom,
  type CashAuthorizationRow,
} from './cash.repository';
import { decideAuthorization, decidedOrThrow, moneyCallKey } from './money.machine';
import { moneySubjectOf } from './money-subject';

/**
 * A card hold lapses after about 7 days (docs/decisions/010): one authorized this long ago on a trade
 * still open is authorized again, whether it holds the trade's cash or a side's protection hold (the
 * replacement keeps its purpose and payer). Wallet holds do not lapse and are never re-authorized.
 */
export const REAUTHORIZE_AFTER_MS = 6 * DAY_MS;

/** Card holds old enough to re-authorize, and re-authorizations left requested over a minute, oldest first. */
export async function findCashToReauthorize(
  ctx: AppContext,
  limit: number,
): Promise<Array<{ id: number; tradeId: number | null; loopId: number | null }>> {
  const now = ctx.now().getTime();
  const stale = await findRequestedReplacements(ctx.db, { createdBefore: new Date(now - MINUTE_MS), limit });
  const lapsing = await findAuthorizedBefore(ctx.db, { authorizedBefore: new Date(now - REAUTHORIZE_AFTER_MS), limit });
  return [
    ...stale.map((r) => ({ id: r.replacesId!, tradeId: r.tradeId, loopId: r.loopId })),
    ...lapsing.map((r) => ({ id: r.id, tradeId: r.tradeId, loopId: r.loopId })),
  ];
}

function decided(snapshot: CashAuthorizationRow, event: 'authorize_succeeded' | 'authorize_declined' | 'release' | 'expire') {
  return decidedOrThrow(decideAuthorization({ status: snapshot.status }, event)).status;
}

/**
 * Re-authorizes hold `oldId` of an open trade (docs/decisions/010), like every money step:
 *
 * 1. the intent, a new `requested` row naming the hold it replaces (one per hold: a unique index), is
 *    committed;
 * 2. the provider authorizes the same amount on the same saved payment method, with no transaction
 *    open, under `moneyCallKey('authorize', <new id>)`; no answer leaves it requested for the next run;
 * 3. one transaction applies the answer: authorized → the old hold is released and the new one held
 *    (never both held, never neither); declined → the new one is declined and the old one `expire`s,
 *    so the trade carries no held cash. If the old hold was settled meanwhile (the trade completed or
 *    ended), the new one is released instead.
 *
 * The old hold is then released at the provider outside the transaction (a release that fails only
 * lets it lapse on its own). Safe to repeat on any instance.
 */
export async function reauthorizeCash(ctx: AppContext, oldId: number): Promise<void> {
  const old = await findAuthorization(ctx.db, oldId);
  // A wallet hold never lapses; a hold kept without its payment method (made before migration 0049)
  // has nothing to authorize again and is left to run its course.
  if (!old || old.provider === 'wallet' || !old.paymentMethod) return;
  const savedMethod = old.paymentMethod;
  const provider = moneyProviderFor(ctx);
  const outcome = await runProviderStep({
    name: 'authorize a lapsing hold again',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => {
      const replacement = await ctx.db.transaction(async (tx) => {
        const current = await findAuthorization(tx, oldId);
        if (current?.status !== 'authorized') return null;
        return insertReplacement(tx, current, ctx.now());
      });
      if (!replacement) {
        await releaseReplacementOf(ctx, oldId);
        return skip(null);
      }
      return replacement.status === 'requested' ? replacement : skip(null);
    },
    call: (replacement) =>
      provider.authorize(
        { amountCents: replacement.amountCents, paymentMethod: replacement.paymentMethod ?? savedMethod },
        moneyCallKey('authorize', replacement.id),
      ),
    // No answer: the job asks again under the same key.
    unanswered: () => null,
    apply: async (replacement, answer) => {
      const at = ctx.now();
      const settled = await ctx.db.transaction(async (tx) => {
        if (answer.status === 'declined') {
          const declined = await updateAuthorizationFrom(tx, replacement.id, 'requested', {
            status: decided(replacement, 'authorize_declined'),
            providerRef: answer.providerRef,
            failureMessage: answer.failureMessage,
            at,
          });
          if (declined) await updateAuthorizationFrom(tx, old.id, 'authorized', { status: decided(old, 'expire'), at });
          return 'declined' as const;
        }
        const released = await updateAuthorizationFrom(tx, old.id, 'authorized', { status: decided(old, 'release'), at });
        const next = released ? decided(replacement, 'authorize_succeeded') : decided(replacement, 'release');
        const held = await updateAuthorizationFrom(tx, replacement.id, 'requested', { status: next, providerRef: answer.providerRef, at });
        if (!held || !released) return held ? ('new-released' as const) : ('moved' as const);
        const { payerId, payeeId, amountCents } = held;
        const subject = moneySubjectOf(held);
        await appendLedgerEntry(tx, {
          ...subject,
          event: held.purpose === 'trade_cash' ? 'cash_release' : 'hold_release',
          payload: { authorizationId: old.id, payerId, payeeId, amountCents, reauthorizedBy: held.id },
          at,
        });
        await appendLedgerEntry(tx, {
          ...subject,
          event: held.purpose === 'trade_cash' ? 'cash_authorize' : 'hold_authorize',
          payload: { authorizationId: held.id, payerId, payeeId, amountCents, reauthorizes: old.id },
          at,
        });
        return 'held' as const;
      });
      return { settled, replacement, answer };
    },
  });
  if (!outcome) return;

  // Free the hold that is no longer ours to capture (a release that fails only lets it lapse on its own).
  const { settled, replacement, answer } = outcome;
  const toRelease = settled === 'held' ? old : settled === 'new-released' ? { ...replacement, providerRef: answer.providerRef } : null;
  await runProviderStep({
    name: 'release a hold authorized again',
    timeoutMs: CASH_CALL_TIMEOUT_MS,
    intent: async () => (toRelease?.providerRef ? { providerRef: toRelease.providerRef, id: toRelease.id } : skip(undefined)),
    call: ({ providerRef, id }) => provider.release(providerRef, moneyCallKey('release', id)),
    unanswered: () => undefined,
    apply: async () => undefined,
  });
}

/**
 * A re-authorization of hold `oldId` left requested after the hold was settled or its trade closed:
 * it holds nothing the trade needs, so it is released. Nothing else is touched.
 */
export async function releaseReplacementOf(ctx: AppContext, oldId: number): Promise<void> {
  const stranded = await findReplacementOf(ctx.db, oldId);
  if (stranded?.status === 'requested')
    await updateAuthorizationFrom(ctx.db, stranded.id, 'requested', { status: decided(stranded, 'release'), at: ctx.now() });
}
