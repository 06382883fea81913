import type { AppContext } from '../../context';

/**
 * HOOK, not yet wired: when a pair fails inspection, any protection hold the money issue places on
 * the failing side is to be captured for the wronged side. The wallet module has no protection
 * holds yet, so this does nothing; once it has, call its capture here (inside the failing
 * transition's transaction, as an intent; the provider call after commit, docs/rules/money.md).
 */
export async function captureProtectionHoldForWrongedSide(
  _ctx: AppContext,
  _failed: { tradeId: number; failingOwnerId: string; wrongedMemberId: string },
): Promise<void> {
  // Nothing to capture until the wallet module holds protection (see docs/rules/inspection.md#a-failed-pair).
}
