import type { Db } from '../../db/client';
import type { TradeRow } from './trades.repository';

/**
 * What trades asks of the authentication centre (docs/rules/inspection.md). The inspection module
 * sits above trades (it reads trades and runs their custody transitions), so it hands these in at
 * start-up (register-modules.ts) and trades imports nothing of it.
 */
export interface TradeCentre {
  /** Opens one inspection per pair of a trade accepted via authentication, in the acceptance's transaction. */
  openInspections: (tx: Db, trade: TradeRow) => Promise<void>;
  /** The id of the pair one side sends to the centre (its slip names it), or null before acceptance. */
  findPairIdOfSide: (db: Db, query: { tradeId: number; side: 'proposer' | 'receiver' }) => Promise<number | null>;
  /** The members a pair still at the centre (or on its way there) will be sent to. */
  membersAwaitingFromCentre: (db: Db, trade: { id: number; status: string }) => Promise<string[]>;
}

let registered: TradeCentre | undefined;

/** Hands in the centre (once at start-up; instances in one process share it, as they share their code). */
export function registerTradeCentre(centre: TradeCentre): void {
  registered = centre;
}

/** The centre as handed in; a trade step that needs it before registration is a wiring fault. */
export function tradeCentre(): TradeCentre {
  if (!registered) throw new Error('trades: the authentication centre is not registered (register-modules.ts)');
  return registered;
}
