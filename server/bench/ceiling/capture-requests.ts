import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CeilingRoute } from './member-reads';
import { pgbenchScript, type Statement } from './statement-capture';

/**
 * Step 1 of bench:ceiling: the app in-process answers each of a route's first `samples` requests
 * and every statement its connections send is recorded (statement-capture.ts) into one pgbench
 * script a request. A member read is asked once before it is recorded (`warm`), so the script holds
 * what the run's repeats of that member's request send. A request that sends no statement (answered
 * from a memo) has no script: pgbench replays the others, and the count is returned.
 */
export async function captureRoute(
  app: FastifyInstance,
  capture: { start(): void; stop(): Statement[] },
  route: CeilingRoute,
  { samples, dir }: { samples: number; dir: string },
): Promise<{ scripts: string[]; statements: number; requests: number; withoutStatements: number }> {
  const scripts: string[] = [];
  let statements = 0;
  let withoutStatements = 0;
  const count = Math.min(samples, route.requests.length);
  for (let n = 0; n < count; n++) {
    const { path: url, cookie } = route.requests[n]!;
    const inject = () => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    if (route.warm) await inject();
    capture.start();
    const response = await inject();
    const taken = capture.stop();
    if (response.statusCode !== 200) throw new Error(`${route.name}: ${url} answered ${response.statusCode} ${response.body.slice(0, 200)}`);
    statements += taken.length;
    // pgbench cannot run an empty script: a request answered without a statement is left out of the replay (and counted).
    if (taken.length === 0) {
      withoutStatements++;
      continue;
    }
    const file = path.join(dir, `${route.name}-${n}.sql`);
    writeFileSync(file, pgbenchScript(taken));
    scripts.push(file);
  }
  return { scripts, statements: statements / Math.max(1, count), requests: count, withoutStatements };
}
