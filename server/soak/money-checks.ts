import type pg from 'pg';
import type { TradeStatus } from '@soleswap/contracts/trades';
import type { AuthorizationPurpose, AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';
import { tradeMoneyFacts } from '../src/modules/trades/protection-holds';
import { checkMoneyInvariants } from '../src/modules/wallet/money-invariants';
import { isCaptureDue } from '../src/modules/wallet/money.machine';
import { authorizationSnapshot } from '../src/modules/wallet/settle-trade-cash';
import type { CheckResult } from './checks';
import { sleep } from './processes';

/** Trade statuses that hold their cash on the card; every other closed status has released it. */
const HOLDING = ['accepted', 'disputed'];
const OPEN = ['requested', 'authorized'];

const sample = (items: unknown[]) => (items.length ? ` e.g. ${JSON.stringify(items.slice(0, 3))}` : '');
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

interface AuthorizationRow {
  id: number;
  trade_id: number;
  amount_cents: number;
  status: AuthorizationStatus;
  purpose: AuthorizationPurpose;
  trade_status: string;
}

/** An authorization with the columns of its trade that say how the trade ended (see tradeMoneyFacts). */
interface AuthorizationWithTrade extends AuthorizationRow {
  payer_id: string;
  provider: string;
  proposer_id: string;
  receiver_id: string;
  proposer_hold_cents: number;
  receiver_hold_cents: number;
  accepted_at: Date | null;
  proposer_shipped_at: Date | null;
  receiver_shipped_at: Date | null;
  proposer_cancel_requested_at: Date | null;
  receiver_cancel_requested_at: Date | null;
  disputed_at: Date | null;
  disputed_by_id: string | null;
  failed_inspection_member_id: string | null;
}

/** The money machine's own answer (money.machine.ts), read off the trade as the settle job reads it. */
function captureDue(a: AuthorizationWithTrade): boolean {
  const facts = tradeMoneyFacts({
    id: a.trade_id,
    status: a.trade_status as TradeStatus,
    proposerId: a.proposer_id,
    receiverId: a.receiver_id,
    proposerHoldCents: a.proposer_hold_cents,
    receiverHoldCents: a.receiver_hold_cents,
    acceptedAt: a.accepted_at,
    proposerShippedAt: a.proposer_shipped_at,
    receiverShippedAt: a.receiver_shipped_at,
    proposerCancelRequestedAt: a.proposer_cancel_requested_at,
    receiverCancelRequestedAt: a.receiver_cancel_requested_at,
    disputedAt: a.disputed_at,
    disputedById: a.disputed_by_id,
    failedInspectionMemberId: a.failed_inspection_member_id,
  });
  return isCaptureDue(authorizationSnapshot({ status: a.status, purpose: a.purpose, payerId: a.payer_id }, facts));
}

/** The ledger events of an authorization's steps, by what it holds. */
const LEDGER_EVENTS: Record<AuthorizationPurpose, { authorize: string; capture: string; release: string }> = {
  trade_cash: { authorize: 'cash_authorize', capture: 'cash_capture', release: 'cash_release' },
  protection_hold: { authorize: 'hold_authorize', capture: 'hold_capture', release: 'hold_release' },
};

/** Open authorizations of trades that no longer hold cash: what the listener or the settle job still owes. */
async function unsettled(db: pg.Pool): Promise<AuthorizationRow[]> {
  const { rows } = await db.query<AuthorizationRow>(
    `select a.id, a.trade_id, a.amount_cents, a.status, a.purpose, t.status as trade_status
       from cash_authorizations a join trades t on t.id = a.trade_id
      where a.status = any($1) and t.status <> 'pending' and not t.status = any($2)`,
    [OPEN, HOLDING],
  );
  return rows;
}

/**
 * The money of the soak's cash trades and protection holds (docs/rules/money.md): every closed trade's cash and holds settled
 * (waiting up to `settleWaitMs` for the `trades.settle-cash` job, which runs every minute, to finish
 * what the SIGKILL interrupted), each held trade's cash still held, the invariants of
 * `checkMoneyInvariants`, wallets equal to their entries, and a ledger entry for every movement.
 * Prints what moved.
 */
export async function runMoneyChecks(db: pg.Pool, opts: { settleWaitMs: number }): Promise<CheckResult[]> {
  const results: CheckResult[] = [];

  const waitUntil = Date.now() + opts.settleWaitMs;
  let left = await unsettled(db);
  if (left.length) console.log(`soak: ${left.length} closed trade(s) with cash still held; waiting for the settle job`);
  while (left.length && Date.now() < waitUntil) {
    await sleep(2000);
    left = await unsettled(db);
  }
  results.push({
    name: 'the cash and holds of every closed trade are captured or released',
    violations: left.length,
    detail: sample(left.map((a) => ({ authorization: a.id, trade: a.trade_id, status: a.status, trade_status: a.trade_status }))),
  });

  const authorizations = (
    await db.query<AuthorizationWithTrade>(
      `select a.id, a.trade_id, a.amount_cents, a.status, a.purpose, a.payer_id, a.provider, t.status as trade_status,
              t.proposer_id, t.receiver_id, t.proposer_hold_cents, t.receiver_hold_cents, t.accepted_at,
              t.proposer_shipped_at, t.receiver_shipped_at, t.proposer_cancel_requested_at, t.receiver_cancel_requested_at,
              t.disputed_at, t.disputed_by_id, t.failed_inspection_member_id
         from cash_authorizations a join trades t on t.id = a.trade_id order by a.id`,
    )
  ).rows;
  const { rows: cashTrades } = await db.query<{ id: number; status: string; held: number; captured: number }>(
    `select t.id, t.status,
            count(a.id) filter (where a.status = 'authorized')::int as held,
            count(a.id) filter (where a.status = 'captured')::int as captured
       from trades t left join cash_authorizations a on a.trade_id = t.id and a.purpose = 'trade_cash'
      where (t.proposer_cash_cents > 0 or t.receiver_cash_cents > 0) and (t.status = any($1) or t.status = 'completed')
      group by t.id, t.status`,
    [HOLDING],
  );
  const wrongHold = cashTrades.filter((t) => (t.status === 'completed' ? t.captured !== 1 || t.held !== 0 : t.held !== 1 || t.captured !== 0));
  results.push({
    name: `every accepted cash trade holds its cash once, every completed one captured it once (${cashTrades.length} trades)`,
    violations: wrongHold.length,
    detail: sample(wrongHold),
  });

  // Each side that owes a protection hold holds it once while the trade runs; completion releases them all.
  const { rows: holdTrades } = await db.query<{ id: number; status: string; sides: number; held: number; captured: number }>(
    `select t.id, t.status,
            ((t.proposer_hold_cents > 0)::int + (t.receiver_hold_cents > 0)::int) as sides,
            count(a.id) filter (where a.status = 'authorized')::int as held,
            count(a.id) filter (where a.status = 'captured')::int as captured
       from trades t left join cash_authorizations a on a.trade_id = t.id and a.purpose = 'protection_hold'
      where (t.proposer_hold_cents > 0 or t.receiver_hold_cents > 0) and (t.status = any($1) or t.status = 'completed')
      group by t.id, t.status`,
    [HOLDING],
  );
  const wrongProtection = holdTrades.filter((t) => (t.status === 'completed' ? t.held !== 0 || t.captured !== 0 : t.held !== t.sides));
  results.push({
    name: `every accepted trade holds each side's protection hold once, every completed one released them (${holdTrades.length} trades)`,
    violations: wrongProtection.length,
    detail: sample(wrongProtection),
  });

  const { rows: entries } = await db.query<{ user_id: string; kind: WalletEntryKind; amount_cents: string; authorization_id: number | null }>(
    'select user_id, kind, amount_cents, authorization_id from wallet_entries',
  );
  const violations = checkMoneyInvariants({
    authorizations: authorizations.map((a) => ({
      id: a.id,
      amountCents: a.amount_cents,
      status: a.status,
      purpose: a.purpose,
      isCaptureDue: captureDue(a),
      fromWallet: a.provider === 'wallet',
    })),
    entries: entries.map((e) => ({ memberId: e.user_id, kind: e.kind, amountCents: Number(e.amount_cents), authorizationId: e.authorization_id })),
    fees: [],
  });
  results.push({
    name: 'money invariants (conserved, no capture not due, no double capture, no negative balance)',
    violations: violations.length,
    detail: sample(violations),
  });

  const { rows: drift } = await db.query(
    `select w.user_id, w.balance_cents, coalesce(sum(e.amount_cents), 0) as entries
       from wallets w left join wallet_entries e on e.user_id = w.user_id
      group by w.user_id, w.balance_cents having w.balance_cents <> coalesce(sum(e.amount_cents), 0)`,
  );
  results.push({ name: 'every wallet balance equals the sum of its entries', violations: drift.length, detail: sample(drift) });

  const { rows: ledger } = await db.query<{ event: string; authorization_id: number }>(
    `select event, (payload->>'authorizationId')::int as authorization_id from ledger_entries
      where event in ('cash_authorize', 'cash_capture', 'cash_release', 'hold_authorize', 'hold_capture', 'hold_release')`,
  );
  const recorded = new Set(ledger.map((l) => `${l.event}:${l.authorization_id}`));
  const unrecorded = authorizations.filter((a) => {
    const events = LEDGER_EVENTS[a.purpose];
    const has = (event: string) => recorded.has(`${event}:${a.id}`);
    return (
      (a.status === 'captured') !== has(events.capture) ||
      (a.status === 'released') !== has(events.release) ||
      ((a.status === 'authorized' || a.status === 'captured') && !has(events.authorize))
    );
  });
  results.push({
    name: 'every hold, capture and release of cash and protection holds is on the ledger',
    violations: unrecorded.length,
    detail: sample(unrecorded.map((a) => ({ id: a.id, purpose: a.purpose, status: a.status }))),
  });

  const cents = (rows: AuthorizationRow[]) => rows.reduce((total, a) => total + a.amount_cents, 0);
  const summary = (purpose: AuthorizationPurpose) => {
    const of = authorizations.filter((a) => a.purpose === purpose);
    const by = (status: AuthorizationStatus) => of.filter((a) => a.status === status);
    return (
      `${of.length} authorizations: ${by('authorized').length} held (${dollars(cents(by('authorized')))}), ` +
      `${by('captured').length} captured (${dollars(cents(by('captured')))}), ${by('released').length} released, ${by('declined').length} declined, ` +
      `${by('requested').length} unanswered`
    );
  };
  const credits = (kind: WalletEntryKind) => {
    const of = entries.filter((e) => e.kind === kind);
    return `${of.length} wallet credits (${dollars(of.reduce((t, e) => t + Number(e.amount_cents), 0))}) to ${new Set(of.map((e) => e.user_id)).size} members`;
  };
  console.log(
    `soak: money: cash: ${summary('trade_cash')}; ${credits('trade_cash_credit')}. ` +
      `protection holds: ${summary('protection_hold')}; ${credits('protection_hold_credit')}. ` +
      `invariant violations: ${violations.length ? JSON.stringify(violations.slice(0, 5)) : 'none'}`,
  );
  return results;
}
