import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { runNextJob } from '../../jobs/job-worker';
import { runVerificationJob, VERIFICATION_JOB } from '../verification/run-verification-job';
import { generatedPhoto, PHOTO_DISGUISES } from '../verification/test-support/generated-photo';

interface Check {
  name: string;
  passed: boolean;
  evidence: { summary: string };
}

const pair = { name: 'New Balance 990v6', brand: 'New Balance', model: '990v6', colorway: 'Grey', size: '10', condition: '9', estimatedValue: '180' };

/** Issue #28: every legit-check photo goes through the duplicate-photo check, not only the cover. */
describe('verifying a listing with photos', () => {
  const testApp = useTestApp();
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

  async function upload(member: TestClient, photo: Buffer): Promise<string> {
    const res = await member.post('/api/uploads', { dataUrl: `data:image/jpeg;base64,${photo.toString('base64')}` });
    expect(res.status).toBe(201);
    return res.body.imageUrl as string;
  }

  async function verify(member: TestClient, id: number): Promise<Check[]> {
    const verified = await member.post(`/api/sneakers/${id}/verify`);
    expect([200, 202], JSON.stringify(verified.body)).toContain(verified.status);
    if (verified.status === 200) return verified.body.checks as Check[];
    for (;;) {
      const run = await member.get(`/api/verifications/${verified.body.id}`);
      if (run.body.status === 'done') return run.body.result.checks as Check[];
      expect(run.body.status).toBe('queued');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("flags a side photo lifted from another member's listing, though the cover is the member's own", { timeout: 120_000 }, async () => {
    const alice = await signIn(testApp().app, { email: 'photos-original@example.com' });
    const bob = await signIn(testApp().app, { email: 'photos-borrower@example.com' });
    const aliceSide = await generatedPhoto(91_001, 1200, 900);
    const first = await alice.post('/api/sneakers', {
      ...pair,
      photos: [
        { slot: 'cover', url: await upload(alice, await generatedPhoto(91_000, 1200, 900)) },
        { slot: 'side', url: await upload(alice, aliceSide) },
      ],
    });
    expect(first.status).toBe(201);

    const ownCover = await upload(bob, await generatedPhoto(91_002, 1200, 900));
    const honest = await bob.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: ownCover }] });
    const honestCheck = (await verify(bob, honest.body.id)).find((c) => c.name === 'imageOriginal')!;
    expect(honestCheck.passed).toBe(true);

    const borrowedSide = await upload(bob, await PHOTO_DISGUISES.mirrored(aliceSide));
    const edited = await bob.put(`/api/sneakers/${honest.body.id}`, {
      photos: [
        { slot: 'cover', url: ownCover },
        { slot: 'side', url: borrowedSide },
      ],
    });
    expect(edited.status).toBe(200);
    const check = (await verify(bob, honest.body.id)).find((c) => c.name === 'imageOriginal')!;
    expect(check.passed).toBe(false);
    expect(check.evidence.summary).toMatch(new RegExp(`sneaker #${first.body.id} of another member`));
  });
});
