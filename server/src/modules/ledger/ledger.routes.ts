import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getLedgerEntryDetails, type LedgerDetailsAccess } from './get-ledger-entry-details';
import { getLedgerWindow } from './get-ledger-window';
import { verifyLedger } from './verify-ledger';

const HashParams = z.object({ hash: z.string().min(1).max(128) });

/**
 * The public ledger: anyone may check the chain, which shows events, times, opaque trade
 * references and commitments, never who traded what. The details behind an entry are for the
 * trade's parties only.
 */
export async function ledgerRoutes(app: FastifyInstance, access: LedgerDetailsAccess) {
  const verifyConfig = {
    rateLimit: { max: 30, timeWindow: '1 minute' },
    openapi: { summary: 'Re-compute the whole ledger chain and report the first broken link' },
  };
  app.get('/api/ledger/verify', { config: verifyConfig }, async () => verifyLedger(app.ctx));

  const entryDoc = { summary: 'One public ledger entry with up to 5 entries each side, re-verified' };
  app.get('/api/ledger/entries/:hash', { config: { openapi: entryDoc } }, async (request) => {
    const { hash } = parse(HashParams, request.params);
    return getLedgerWindow(app.ctx, { hash });
  });

  const detailsDoc = { summary: "A ledger entry's private details and salt, for the trade's parties (404 for anyone else)" };
  app.get('/api/ledger/entries/:hash/details', { config: { openapi: detailsDoc } }, async (request) => {
    const { hash } = parse(HashParams, request.params);
    const user = await optionalUser(request);
    const viewer = user ? { id: user.id, isAdmin: user.role === 'admin' } : null;
    return getLedgerEntryDetails(app.ctx, { viewer, hash }, access);
  });
}
