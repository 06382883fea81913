import type { FastifyInstance } from 'fastify';
import { cancelStatements, newStatementScope, runInStatementScope } from '../db/request-statements';

/**
 * On PostgreSQL, every statement a request runs (its session read, its handler, what its events
 * do) is under DB_STATEMENT_TIMEOUT_MS, and a client that goes away before its answer is sent
 * cancels the statements still running for it (an abandoned search must not hold a connection
 * for its whole length). Registered first, so every later hook runs in the request's scope.
 * PGlite: nothing to do (db/request-statements.ts says why).
 */
export function registerRequestStatements(app: FastifyInstance) {
  const { env, database } = app.ctx;
  if (database.kind !== 'postgres') return;
  app.addHook('onRequest', (request, reply, done) => {
    const scope = newStatementScope(env.DB_STATEMENT_TIMEOUT_MS);
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      cancelStatements(scope, (error) => request.log.warn({ err: error }, 'could not cancel the statement of an abandoned request'));
    });
    runInStatementScope(scope, done);
  });
}
