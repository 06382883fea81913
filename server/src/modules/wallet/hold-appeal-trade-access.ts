import type { AppContext } from '../../context';

/**
 * Whether a member may see a trade (its parties; anyone else gets NOT_FOUND, as for the trade
 * itself): throws when not. Appeals are of captures on a trade, but the trades module sits above
 * the wallet (it authorizes and settles cash through it), so it hands its rule in at registration
 * (register-modules.ts: trades' getTradeParties).
 */
export type HoldAppealTradeAccess = (ctx: AppContext, query: { viewer: { id: string; isAdmin: boolean }; tradeId: number }) => Promise<unknown>;
