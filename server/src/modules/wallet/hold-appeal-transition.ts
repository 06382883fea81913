import { HOLD_APPEAL_WINDOW_MS, type HoldAppealStatus } from '@soleswap/contracts/hold-appeals';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { inTransaction } from '../../http/events-after-commit';
import type { RefusalAnswers } from '../../machines/machine';
import { runTransition, type TransitionMachine } from '../../machines/run-transition';
import { recordAdminAction } from '../admin-audit/record-admin-action';
import { appendLedgerEntry } from '../ledger/append-ledger-entry';
import {
  decideHoldAppeal,
  splitReversal,
  type HoldAppealDecision,
  type HoldAppealEffect,
  type HoldAppealMachineAction,
  type HoldAppealRefusal,
  type HoldAppealRole,
  type HoldAppealSnapshot,
} from './hold-appeal.machine';
import { tradeIdOf } from './money-subject';
import { insertAppeal, lockBalance, lockCapture, updateAppealFrom, type HoldAppealRow, type HoldCaptureRow } from './hold-appeals.repository';
import { insertWalletMovement } from './wallet.repository';

/** Who acts on an appeal: a signed-in member or admin. */
export interface HoldAppealActor {
  id: string;
  isAdmin: boolean;
}

export interface HoldAppealRequest {
  /** The captured hold (its authorization). */
  authorizationId: number;
  actor: HoldAppealActor;
  action: HoldAppealMachineAction;
  /** file: the member's reason. */
  reason?: string;
  /** reverse, uphold: the admin's note. */
  note?: string;
}

const REFUSALS: RefusalAnswers<HoldAppealRefusal> = {
  NOT_YOUR_ROLE: {
    code: 'FORBIDDEN',
    message: (r) => (r.action === 'file' ? 'Only the member whose pair failed authentication may appeal its hold' : 'Admins only'),
  },
  NOT_APPEALABLE: {
    code: 'APPEAL_INVALID_TRANSITION',
    message: () =>
      'Only a hold captured because a pair failed authentication can be appealed here; for a ship deadline or a dispute, contact support',
  },
  TOO_LATE: {
    code: 'APPEAL_INVALID_TRANSITION',
    message: () => 'The 7 days to appeal this hold have passed',
  },
  ALREADY_FILED: { code: 'APPEAL_INVALID_TRANSITION', message: () => 'This hold has been appealed already' },
  NOT_FILED: { code: 'APPEAL_INVALID_TRANSITION', message: () => 'Nobody appealed this hold' },
  ALREADY_RULED: { code: 'APPEAL_INVALID_TRANSITION', message: (r) => `This appeal was ${r.status} already` },
};

interface Loaded {
  capture: HoldCaptureRow;
  appeal: HoldAppealRow | null;
  roles: HoldAppealRole[];
  snapshot: HoldAppealSnapshot;
}

interface Work {
  tx: AppContext['db'];
  capture: HoldCaptureRow;
  appeal: HoldAppealRow | null;
  request: HoldAppealRequest;
  at: Date;
  takenBackCents: number;
  platformCents: number;
}

function rolesOf(capture: HoldCaptureRow, actor: HoldAppealActor): HoldAppealRole[] {
  const roles: HoldAppealRole[] = [];
  if (actor.id === capture.payerId) roles.push('owner');
  if (actor.id === capture.payeeId) roles.push('other');
  if (actor.isAdmin) roles.push('admin');
  return roles;
}

/** The machine's view of a capture and its appeal at `at`. */
export function holdAppealSnapshot(capture: HoldCaptureRow, appeal: HoldAppealRow | null, at: Date): HoldAppealSnapshot {
  return {
    status: appeal?.status ?? 'none',
    captureReason: capture.reason,
    isWithinWindow: at.getTime() - capture.capturedAt.getTime() <= HOLD_APPEAL_WINDOW_MS,
  };
}

const EFFECTS: Record<HoldAppealEffect, (w: Work) => Promise<void>> = {
  async recordAppeal() {
    // The row itself is the save (below): nothing to prepare.
  },

  /**
   * The hold goes back to its owner, whole, as a wallet credit; it is taken back from the member it
   * was paid to, at most their balance now (locked, so no withdrawal moves it meanwhile), and the
   * platform pays what they no longer hold. Each entry is written once per capture (a unique index).
   */
  async reverseCapture(w) {
    const { capture, tx, at } = w;
    const { authorizationId, tradeId, payerId, payeeId, amountCents } = capture;
    const split = splitReversal(amountCents, await lockBalance(tx, payeeId));
    if (split.takenBackCents > 0) {
      await insertWalletMovement(tx, {
        userId: payeeId,
        kind: 'protection_hold_reversal',
        amountCents: -split.takenBackCents,
        tradeId,
        authorizationId,
        at,
      });
    }
    await insertWalletMovement(tx, { userId: payerId, kind: 'protection_hold_refund', amountCents, tradeId, authorizationId, at });
    Object.assign(w, split);
  },

  async recordRuling(w) {
    await recordAdminAction(w.tx, {
      adminId: w.request.actor.id,
      action: 'rule-hold-appeal',
      targetType: 'trade',
      targetId: w.capture.tradeId,
      note: `${w.request.action === 'reverse' ? 'reversed' : 'upheld'}: ${w.request.note ?? ''}`,
      at: w.at,
    });
  },
};

function holdAppealMachine(
  txCtx: AppContext,
  request: HoldAppealRequest,
  at: Date,
): TransitionMachine<Loaded, HoldAppealDecision, HoldAppealRefusal, Work, HoldAppealRow> {
  const tx = txCtx.db;
  return {
    async load() {
      const found = await lockCapture(tx, request.authorizationId);
      if (!found) throw notFound('Appeal');
      const roles = rolesOf(found.capture, request.actor);
      // Someone with no part in the capture learns nothing about it.
      if (roles.length === 0) throw notFound('Appeal');
      return { ...found, roles, snapshot: holdAppealSnapshot(found.capture, found.appeal, at) };
    },
    statusOf: ({ snapshot }) => snapshot.status,
    decide: ({ snapshot, roles }) => decideHoldAppeal(snapshot, roles, request.action),
    refusals: REFUSALS,
    begin: ({ capture, appeal }) => ({ tx, capture, appeal, request, at, takenBackCents: 0, platformCents: 0 }),
    effects: EFFECTS,
    // Last, once every row lock is held (ledger.md: the head is held until commit).
    async afterEffects(work, decision) {
      if (decision.status !== 'reversed') return;
      const { authorizationId, payerId, payeeId, amountCents } = work.capture;
      await appendLedgerEntry(tx, {
        tradeId: tradeIdOf(work.capture),
        event: 'hold_reverse',
        payload: { authorizationId, payerId, payeeId, amountCents, takenBackCents: work.takenBackCents, platformCents: work.platformCents },
        at,
      });
    },
    async save(work, decision, from) {
      if (from === 'none') {
        return insertAppeal(tx, {
          authorizationId: work.capture.authorizationId,
          tradeId: tradeIdOf(work.capture),
          reason: request.reason ?? '',
          at,
        });
      }
      return updateAppealFrom(tx, work.appeal!.id, from as HoldAppealStatus, {
        status: decision.status,
        ruledById: request.actor.id,
        ruling: request.note ?? '',
        ruledAt: at,
        takenBackCents: work.takenBackCents,
        platformCents: work.platformCents,
      });
    },
    conflictMessage: 'This appeal changed while you were acting on it. Please reload it.',
    async record(work, decision) {
      const { payerId, payeeId, amountCents } = work.capture;
      // Heard after commit: the notifications module tells the members (register-notifications.ts).
      txCtx.events.emit('holdAppeal.changed', {
        tradeId: tradeIdOf(work.capture),
        ownerId: payerId,
        otherId: payeeId,
        amountCents,
        appeal: decision.status === 'open' ? 'filed' : decision.status,
        ...(request.note ? { note: request.note } : {}),
        at,
      });
    },
  };
}

/**
 * Files or rules on the appeal of one captured hold, in one transaction, through the one transition
 * runner: the capture and its appeal are locked, the caller's role read off the capture (the member
 * whose hold it was, the member it was paid to, an admin; anyone else 404), the appeal machine
 * decides, a reversal moves the money and appends the ledger's 'hold_reverse', the appeal is saved
 * `WHERE status = <the status read>`, and, once it commits, the members are told ('holdAppeal.changed'). A
 * ruling sent again is a replay: the appeal as it stands, nothing moved.
 */
export async function runHoldAppealTransition(
  ctx: AppContext,
  request: HoldAppealRequest,
): Promise<{ capture: HoldCaptureRow; appeal: HoldAppealRow }> {
  const at = ctx.now();
  return inTransaction(ctx, async (txCtx) => {
    const outcome = await runTransition(holdAppealMachine(txCtx, request, at));
    const { capture, appeal } = outcome.loaded;
    return { capture, appeal: outcome.changed ? outcome.saved : appeal! };
  });
}
