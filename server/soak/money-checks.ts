import type pg from 'pg';
import type { AuthorizationStatus, WalletEntryKind } from '@soleswap/contracts/wallet';
import { checkMoneyInvariants } from '../src/modules/wallet/money-invariants';
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
  trade_status: string;
}

/** Open authorizations of trades that no longer hold cash: what the listener or the settle job still owes. */
async function unsettled(db: pg.Pool): Promise<AuthorizationRow[]> {
  const { rows } = await db.query<AuthorizationRow>(
    `select a.id, a.trade_id, a.amount_cents, a.status, t.status as trade_status
       from cash_authorizations a join trades t on t.id = a.trade_id
      where a.status = any($1) and t.status <> 'pending' and not t.status = any($2)`,
    [OPEN, HOLDING],
  );
  return rows;
}

/**
 * The money of the soak's cash trades (docs/rules/money.md): every closed trade's cash settled
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
    name: 'the cash of every closed trade is captured or released',
    violations: left.length,
    detail: sample(left.map((a) => ({ authorization: a.id, trade: a.trade_id, status: a.status, trade_status: a.trade_status }))),
  });

  const authorizations = (
    await db.query<AuthorizationRow>(
      `select a.id, a.trade_id, a.amount_cents, a.status, t.status as trade_status
         from cash_authorizations a join trades t on t.id = a.trade_id order by a.id`,
    )
  ).rows;
  const { rows: cashTrades } = await db.query<{ id: number; status: string; held: number; captured: number }>(
    `select t.id, t.status,
            count(a.id) filter (where a.status = 'authorized')::int as held,
            count(a.id) filter (where a.status = 'captured')::int as captured
       from trades t left join cash_authorizations a on a.trade_id = t.id
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

  const { rows: entries } = await db.query<{ user_id: string; kind: WalletEntryKind; amount_cents: string; authorization_id: number | null }>(
    'select user_id, kind, amount_cents, authorization_id from wallet_entries',
  );
  const violations = checkMoneyInvariants({
    authorizations: authorizations.map((a) => ({
      id: a.id,
      amountCents: a.amount_cents,
      status: a.status,
      // A dispute resolved against the payer completes the trade, so completion is what makes a capture due.
      isCaptureDue: a.trade_status === 'completed',
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

  const { rows: unrecorded } = await db.query(
    `select a.id, a.status from cash_authorizations a
      where (a.status = 'captured') <> exists (select 1 from ledger_entries l where l.event = 'cash_capture' and (l.payload->>'authorizationId')::int = a.id)
         or (a.status = 'released') <> exists (select 1 from ledger_entries l where l.event = 'cash_release' and (l.payload->>'authorizationId')::int = a.id)
         or (a.status in ('authorized', 'captured')) and not exists (select 1 from ledger_entries l where l.event = 'cash_authorize' and (l.payload->>'authorizationId')::int = a.id)`,
  );
  results.push({ name: 'every hold, capture and release of cash is on the ledger', violations: unrecorded.length, detail: sample(unrecorded) });

  const by = (status: AuthorizationStatus) => authorizations.filter((a) => a.status === status);
  const cents = (rows: AuthorizationRow[]) => rows.reduce((total, a) => total + a.amount_cents, 0);
  const credited = entries.filter((e) => e.kind === 'trade_cash_credit');
  console.log(
    `soak: money: ${authorizations.length} authorizations: ${by('authorized').length} held (${dollars(cents(by('authorized')))}), ` +
      `${by('captured').length} captured (${dollars(cents(by('captured')))}), ${by('released').length} released, ${by('declined').length} declined, ` +
      `${by('requested').length} unanswered; ${credited.length} wallet credits (${dollars(credited.reduce((t, e) => t + Number(e.amount_cents), 0))}) ` +
      `to ${new Set(credited.map((e) => e.user_id)).size} members; invariant violations: ${violations.length ? JSON.stringify(violations.slice(0, 5)) : 'none'}`,
  );
  return results;
}
