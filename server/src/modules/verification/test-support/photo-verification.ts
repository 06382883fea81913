import { afterAll, beforeAll, expect } from 'vitest';
import type { TestApp, TestClient } from '../../../../test/test-app';
import { runNextJob } from '../../../jobs/job-worker';
import { runVerificationJob, VERIFICATION_JOB } from '../run-verification-job';

export interface Check {
  name: string;
  passed: boolean;
  evidence: { summary: string; observed: string };
}

/** Runs queued verification jobs (and only those) while the suite runs, as the job worker would. */
export function useVerificationWorker(testApp: () => TestApp): void {
  let worker: NodeJS.Timeout | undefined;
  beforeAll(() => {
    const { ctx } = testApp();
    let busy = false;
    worker = setInterval(() => {
      if (busy) return;
      busy = true;
      void runNextJob(ctx, { handlers: { [VERIFICATION_JOB]: (c, p) => runVerificationJob(c, { runId: Number(p.runId) }) }, recurring: [] })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 20);
  });
  afterAll(() => clearInterval(worker));
}

/** Uploads a picture through POST /api/uploads and answers its URL. */
export async function uploadPhoto(member: TestClient, photo: Buffer, type = 'image/jpeg'): Promise<string> {
  const res = await member.post('/api/uploads', { dataUrl: `data:${type};base64,${photo.toString('base64')}` });
  expect(res.status).toBe(201);
  return res.body.imageUrl as string;
}

/** Asks for a verification of the listing, waits for its run, and answers its imageOriginal check. */
export async function verifiedImageOriginal(member: TestClient, id: number): Promise<Check> {
  const verified = await member.post(`/api/sneakers/${id}/verify`);
  expect([200, 202], JSON.stringify(verified.body)).toContain(verified.status);
  let checks: Check[] | undefined = verified.status === 200 ? verified.body.checks : undefined;
  while (!checks) {
    const run = await member.get(`/api/verifications/${verified.body.id}`);
    if (run.body.status === 'done') checks = run.body.result.checks;
    else {
      expect(run.body.status).toBe('queued');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return checks.find((c) => c.name === 'imageOriginal')!;
}
