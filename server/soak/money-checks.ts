import type pg from 'pg';
import type { TradeEndingCause, TradeStatus } from '@soleswap/contracts/trades';
import type { AuthorizationPurpose, AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';
import { tradeMoneyFacts } from '../src/modules/trades/protection-holds';
import { checkMoneyInvariants } from '../src/modules/wallet/money-invariants';
import { isCaptureDue } from '../src/modules/wallet/money.machine';
import { authorizationSnapshot } from '../src/modules/wallet/settle-trade-cash';
import type { CheckResult } from './checks';
import type { Acknowledged } from './client';
import { sleep } from './processes';
import type { DoubleAccept } from './workload';

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
  ended_cause: TradeEndingCause | null;
  ended_at_fault_ids: string[];
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
    endedCause: a.ended_cause,
    endedAtFaultIds: a.ended_at_fault_ids,
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

/** Open authorizations of trades still pending: an acceptance that failed (or lost the race) must leave nothing held. */
async function heldForPending(db: pg.Pool): Promise<AuthorizationRow[]> {
  const { rows } = await db.query<AuthorizationRow>(
    `select a.id, a.trade_id, a.amount_cents, a.status, a.purpose, t.status as trade_status
       from cash_authorizations a join trades t on t.id = a.trade_id
      where a.status = any($1) and t.status = 'pending'`,
    [OPEN],
  );
  return rows;
}

/** Withdrawals the provider has not answered yet: the `wallet.retry-payouts` job finishes them within a minute or two. */
async function unpaid(db: pg.Pool): Promise<Array<{ id: number; created_at: Date }>> {
  return (await db.query<{ id: number; created_at: Date }>("select id, created_at from payouts where status = 'requested'")).rows;
}

/**
 * The money of the soak's cash trades, protection holds and withdrawals (docs/rules/money.md):
 * every closed trade's cash and holds settled (waiting up to `settleWaitMs` for the
 * `trades.settle-cash` job, which runs every minute, to finish what the SIGKILL interrupted), each
 * held trade's cash and holds held once, nothing held for a trade still pending, every capture
 * credited to its payee once, every payout debited once and paid once, the double acceptances
 * (workload.ts) accepted at most once and never the bad one, the invariants of
 * `checkMoneyInvariants`, wallets equal to their entries, and a ledger entry for every movement.
 * Prints what moved.
 */
export async function runMoneyChecks(
  db: pg.Pool,
  opts: { settleWaitMs: number; acked: Acknowledged[]; doubleAccepts: DoubleAccept[] },
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];

  const waitUntil = Date.now() + opts.settleWaitMs;
  let left = await unsettled(db);
  let requested = await unpaid(db);
  if (left.length) console.log(`soak: ${left.length} closed trade(s) with cash still held; waiting for the settle job`);
  if (requested.length) console.log(`soak: ${requested.length} withdrawal(s) not answered yet; waiting for the retry job`);
  while ((left.length || requested.length) && Date.now() < waitUntil) {
    await sleep(2000);
    left = await unsettled(db);
    requested = await unpaid(db);
  }
  results.push({
    name: 'the cash and holds of every closed trade are captured or released',
    violations: left.length,
    detail: sample(left.map((a) => ({ authorization: a.id, trade: a.trade_id, status: a.status, trade_status: a.trade_status }))),
  });
  const pendingHeld = await heldForPending(db);
  results.push({
    name: 'no pending trade holds cash or a protection hold (a failed or losing acceptance left nothing held)',
    violations: pendingHeld.length,
    detail: sample(pendingHeld.map((a) => ({ authorization: a.id, trade: a.trade_id, status: a.status, purpose: a.purpose }))),
  });

  const authorizations = (
    await db.query<AuthorizationWithTrade>(
      `select a.id, a.trade_id, a.amount_cents, a.status, a.purpose, a.payer_id, a.provider, t.status as trade_status,
              t.proposer_id, t.receiver_id, t.proposer_hold_cents, t.receiver_hold_cents,
              t.ended_cause, t.ended_at_fault_ids
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
  // Which of them were accepted twice at once (workload.ts), to tell that race from others.
  const doubled = new Set(opts.doubleAccepts.map((d) => d.tradeId));
  const marked = <T extends { id: number }>(trades: T[]) => trades.map((t) => (doubled.has(t.id) ? { ...t, doubleAccept: true } : t));
  const wrongHold = cashTrades.filter((t) => (t.status === 'completed' ? t.captured !== 1 || t.held !== 0 : t.held !== 1 || t.captured !== 0));
  results.push({
    name: `every accepted cash trade holds its cash once, every completed one captured it once (${cashTrades.length} trades)`,
    violations: wrongHold.length,
    detail: sample(marked(wrongHold)),
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
    detail: sample(marked(wrongProtection)),
  });

  const { rows: entries } = await db.query<{
    user_id: string;
    kind: WalletEntryKind;
    amount_cents: string;
    authorization_id: number | null;
    payout_id: number | null;
  }>('select user_id, kind, amount_cents, authorization_id, payout_id from wallet_entries');

  // Every capture is paid to the other side once, for its amount: the trade's cash at completion, a hold to the side it protected.
  const creditsOf = new Map<number, typeof entries>();
  for (const e of entries) {
    if (e.authorization_id !== null && (e.kind === 'trade_cash_credit' || e.kind === 'protection_hold_credit')) {
      creditsOf.set(e.authorization_id, [...(creditsOf.get(e.authorization_id) ?? []), e]);
    }
  }
  const captured = authorizations.filter((a) => a.status === 'captured');
  const unpaidPayees = captured.filter((a) => {
    const payee = a.payer_id === a.proposer_id ? a.receiver_id : a.proposer_id;
    const credits = creditsOf.get(a.id) ?? [];
    const kind = a.purpose === 'trade_cash' ? 'trade_cash_credit' : 'protection_hold_credit';
    return credits.length !== 1 || credits[0]!.user_id !== payee || credits[0]!.kind !== kind || Number(credits[0]!.amount_cents) !== a.amount_cents;
  });
  const completedCash = captured.filter((a) => a.purpose === 'trade_cash' && a.trade_status === 'completed').length;
  results.push({
    name: `every capture credited once to its payee, for its amount (${captured.length} captures, ${completedCash} of them trade cash at completion)`,
    violations: unpaidPayees.length,
    detail: sample(unpaidPayees.map((a) => ({ authorization: a.id, trade: a.trade_id, purpose: a.purpose, credits: creditsOf.get(a.id) ?? [] }))),
  });
  // And every completed trade with cash paid it: its payee's wallet has the trade's cash, once.
  const { rows: unpaidCompletions } = await db.query<{ id: number; cash: number; credited: string }>(
    `select t.id, greatest(t.proposer_cash_cents, t.receiver_cash_cents) as cash, coalesce(sum(e.amount_cents), 0) as credited
       from trades t left join wallet_entries e on e.trade_id = t.id and e.kind = 'trade_cash_credit'
        and e.user_id = case when t.proposer_cash_cents > 0 then t.receiver_id else t.proposer_id end
      where t.status = 'completed' and (t.proposer_cash_cents > 0 or t.receiver_cash_cents > 0)
      group by t.id having coalesce(sum(e.amount_cents), 0) <> greatest(t.proposer_cash_cents, t.receiver_cash_cents)`,
  );
  const { rows: completedCashTrades } = await db.query<{ n: number }>(
    "select count(*)::int as n from trades where status = 'completed' and (proposer_cash_cents > 0 or receiver_cash_cents > 0)",
  );
  results.push({
    name: `every completed trade with cash paid its payee the cash, once (${completedCashTrades[0]!.n} trades)`,
    violations: unpaidCompletions.length,
    detail: sample(marked(unpaidCompletions)),
  });

  // Withdrawals: each debited once (given back once if it failed), each acknowledged request one payout, each transfer one payout.
  const { rows: payouts } = await db.query<{
    id: number;
    user_id: string;
    amount_cents: number;
    status: string;
    provider_ref: string | null;
    request_key: string | null;
  }>('select id, user_id, amount_cents, status, provider_ref, request_key from payouts order by id');
  const entriesOf = (payoutId: number, kind: WalletEntryKind) => entries.filter((e) => e.payout_id === payoutId && e.kind === kind);
  const badDebits = payouts.filter((p) => {
    const debits = entriesOf(p.id, 'payout');
    const reversals = entriesOf(p.id, 'payout_reversal');
    return (
      debits.length !== 1 ||
      Number(debits[0]!.amount_cents) !== -p.amount_cents ||
      reversals.length !== (p.status === 'failed' ? 1 : 0) ||
      reversals.some((r) => Number(r.amount_cents) !== p.amount_cents)
    );
  });
  const withdrawals = opts.acked.filter((a) => a.path === '/api/wallet/withdrawals');
  const byRequest = new Map<string, number[]>();
  for (const p of payouts)
    if (p.request_key) byRequest.set(`${p.user_id} ${p.request_key}`, [...(byRequest.get(`${p.user_id} ${p.request_key}`) ?? []), p.id]);
  const notOnePayout = withdrawals.filter((a) => {
    const ids = byRequest.get(`${a.userId} ${a.key}`) ?? [];
    return ids.length !== 1 || ids[0] !== (a.body as { id?: number }).id;
  });
  const refs = new Map<string, number>();
  for (const p of payouts) if (p.provider_ref) refs.set(p.provider_ref, (refs.get(p.provider_ref) ?? 0) + 1);
  const sharedTransfers = [...refs].filter(([, n]) => n > 1);
  results.push({
    name: `no payout twice: each debited once, each acknowledged withdrawal one payout, each transfer one payout (${payouts.length} payouts, ${withdrawals.length} acknowledged requests)`,
    violations: badDebits.length + notOnePayout.length + sharedTransfers.length,
    detail: sample([
      ...badDebits.map((p) => ({ payout: p.id, entries: entries.filter((e) => e.payout_id === p.id) })),
      ...notOnePayout.map((a) => ({ key: a.key, body: a.body })),
      ...sharedTransfers,
    ]),
  });
  results.push({
    name: 'every withdrawal answered by the provider (paid or failed)',
    violations: requested.length,
    detail: sample(requested),
  });

  // Double acceptances: at most one accepted, never the one made to fail.
  const wrongAccepts = opts.doubleAccepts.filter(
    (d) => (d.bad && d.bad.status < 300) || ((d.good?.status ?? 0) < 300 && (d.bad?.status ?? 0) < 300 && d.good && d.bad),
  );
  const tally = (answers: Array<{ status: number; code?: string } | null>) => {
    const counts: Record<string, number> = {};
    for (const a of answers) {
      const label = a ? `${a.status}${a.code ? ` ${a.code}` : ''}` : 'unanswered';
      counts[label] = (counts[label] ?? 0) + 1;
    }
    return JSON.stringify(counts);
  };
  console.log(
    `soak: double acceptances: ${opts.doubleAccepts.length} (${opts.doubleAccepts.filter((d) => d.failBy === 'declined card').length} with a declined card, ` +
      `${opts.doubleAccepts.filter((d) => d.failBy === 'foreign address').length} with another member's address); ` +
      `good ones answered ${tally(opts.doubleAccepts.map((d) => d.good))}, bad ones ${tally(opts.doubleAccepts.map((d) => d.bad))}`,
  );
  results.push({
    name: `every double acceptance accepted at most once, never by the request made to fail (${opts.doubleAccepts.length})`,
    violations: wrongAccepts.length,
    detail: sample(wrongAccepts),
  });
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
      `withdrawals: ${payouts.length} (${payouts.filter((p) => p.status === 'paid').length} paid, ${payouts.filter((p) => p.status === 'failed').length} failed, ` +
      `${dollars(payouts.filter((p) => p.status === 'paid').reduce((t, p) => t + p.amount_cents, 0))} paid out). ` +
      `invariant violations: ${violations.length ? JSON.stringify(violations.slice(0, 5)) : 'none'}`,
  );
  return results;
}
