import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/validate';
import { getLedgerWindow } from './get-ledger-window';
import { verifyLedger } from './verify-ledger';

const HashParams = z.object({ hash: z.string().min(1).max(128) });

/** The public ledger: anyone may check the chain (it holds ids and events, no personal data). */
export async function ledgerRoutes(app: FastifyInstance) {
  const verifyConfig = {
    rateLimit: { max: 30, timeWindow: '1 minute' },
    openapi: { summary: 'Re-compute the whole ledger chain and report the first broken link' },
  };
  app.get('/api/ledger/verify', { config: verifyConfig }, async () => verifyLedger(app.ctx));

  const entryDoc = { summary: 'One ledger entry with up to 5 entries each side, re-verified' };
  app.get('/api/ledger/entries/:hash', { config: { openapi: entryDoc } }, async (request) => {
    const { hash } = parse(HashParams, request.params);
    return getLedgerWindow(app.ctx, { hash });
  });
}
