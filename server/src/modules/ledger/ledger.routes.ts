import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/validate';
import { getLedgerWindow } from './get-ledger-window';
import { verifyLedger } from './verify-ledger';

const HashParams = z.object({ hash: z.string().min(1).max(128) });

/** The public ledger: anyone may check the chain (it holds ids and events, no personal data). */
export async function ledgerRoutes(app: FastifyInstance) {
  app.get('/api/ledger/verify', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async () =>
    verifyLedger(app.ctx),
  );

  app.get('/api/ledger/entries/:hash', async (request) => {
    const { hash } = parse(HashParams, request.params);
    return getLedgerWindow(app.ctx, { hash });
  });
}
