import { GENESIS_HASH, computeCommitment, computeEntryHash, newSalt, newTradeRef } from '../../src/modules/ledger/ledger-hash';
import { DAY } from './market-setup';
import type { MarketSetup, TradeState } from './market-state';
import { memberId } from './members';

/**
 * Ledger: a valid hash chain over the trades that reached escrow (`options.ledger` entries, none
 * when 0). Its salts and trade refs come from crypto.randomBytes, as the app's do, so they (and
 * the commitments and hashes over them) differ from load to load for the same seed: everything
 * else depends only on the seed and on the clock (`now`).
 */
export async function writeLedger(market: MarketSetup & TradeState): Promise<void> {
  const { now, copy, tradeShipped, tradeSneakers, tradeStatus, tradeProposer, tradeReceiver } = market;
  const { trades, ledger } = market.options;
  if (ledger <= 0) return;
  const escrowTrades: number[] = [];
  for (let t = 1; t <= trades; t++) {
    if (tradeShipped[t]! & 4) escrowTrades.push(t);
  }
  if (escrowTrades.length === 0) throw new Error('--ledger needs trades that reached escrow; add --trades');
  await copy(
    'ledger_entries',
    ['id', 'trade_id', 'event', 'payload', 'trade_ref', 'salt', 'commitment', 'prev_hash', 'hash', 'created_at'],
    ledger,
    (function* () {
      let prevHash = GENESIS_HASH;
      let written = 0;
      // Chronological order of the chain: every entry a little after the one before, ending now.
      const spacing = Math.max(1, Math.floor((400 * DAY) / ledger));
      const start = now - ledger * spacing;
      // Past the trades' own entries (a ledger larger than the market), the lifecycles repeat.
      while (written < ledger) {
        for (const t of escrowTrades) {
          if (written >= ledger) break;
          const [ps, rs] = tradeSneakers[t]!;
          const status = tradeStatus[t]!;
          const tradeRef = newTradeRef();
          const events: [string, Record<string, unknown>][] = [
            [
              'lock',
              { proposerId: memberId(tradeProposer[t]!), receiverId: memberId(tradeReceiver[t]!), proposerSneakerIds: ps, receiverSneakerIds: rs },
            ],
          ];
          if (tradeShipped[t]! & 1) events.push(['ship', { side: 'proposer', withTracking: true }]);
          if (tradeShipped[t]! & 2) events.push(['ship', { side: 'receiver', withTracking: true }]);
          if (status === 'completed') {
            events.push(['receive', { side: 'receiver' }], ['receive', { side: 'proposer' }]);
            events.push([
              'release',
              {
                transfers: [
                  ...ps.map((sneakerId) => ({ sneakerId, fromUserId: memberId(tradeReceiver[t]!), toUserId: memberId(tradeProposer[t]!) })),
                ],
              },
            ]);
          } else if (status === 'disputed') events.push(['dispute', { side: 'proposer' }]);
          else if (status === 'cancelled') events.push(['refund', { reason: 'cancelled' }]);
          for (const [event, payload] of events) {
            if (written >= ledger) break;
            written++;
            const salt = newSalt();
            const commitment = computeCommitment(salt, { tradeId: t, payload });
            const createdAt = new Date(start + written * spacing);
            const hash = computeEntryHash(prevHash, { event, tradeRef, commitment, createdAt });
            yield [written, t, event, JSON.stringify(payload), tradeRef, salt, commitment, prevHash, hash, createdAt];
            prevHash = hash;
          }
        }
      }
    })(),
  );
}
