import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';
import { runNextJob } from '../../jobs/job-worker';
import { runVerificationJob, VERIFICATION_JOB } from './run-verification-job';
import { generatedPhoto } from './test-support/generated-photo';

interface Check {
  name: string;
  passed: boolean;
  evidence: { summary: string };
}

const pair = {
  name: 'Nike Dunk Low Panda',
  brand: 'Nike',
  model: 'Dunk Low',
  colorway: 'White Black',
  size: '9',
  condition: '9',
  estimatedValue: '120',
};

/** Issue #41: first upload wins; the owner of an original is never flagged for a thief's later copy. */
describe('first upload wins', () => {
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

  async function imageOriginal(member: TestClient, id: number): Promise<Check> {
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

  it('flags the thief who edits a stolen photo into an older listing, and not the victim who re-verifies', { timeout: 120_000 }, async () => {
    const thief = await signIn(testApp().app, { email: 'first-upload-thief@example.com' });
    const victim = await signIn(testApp().app, { email: 'first-upload-victim@example.com' });
    // The thief's listing is older than the victim's.
    const thiefCover = await upload(thief, await generatedPhoto(41_100, 1200, 900));
    const older = await thief.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: thiefCover }] });
    expect(older.status).toBe(201);

    const victimPhoto = await generatedPhoto(41_101, 1200, 900);
    const victimCover = await upload(victim, victimPhoto);
    const original = await victim.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: victimCover }] });
    expect(original.status).toBe(201);
    expect((await imageOriginal(victim, original.body.id)).passed).toBe(true);

    // Later, the thief uploads the victim's photo and edits it into the older listing.
    const stolen = await upload(thief, victimPhoto);
    const edited = await thief.put(`/api/sneakers/${older.body.id}`, {
      photos: [
        { slot: 'cover', url: thiefCover },
        { slot: 'side', url: stolen },
      ],
    });
    expect(edited.status).toBe(200);

    const victimAgain = await imageOriginal(victim, original.body.id);
    expect(victimAgain.passed, victimAgain.evidence.summary).toBe(true);
    const thiefCheck = await imageOriginal(thief, older.body.id);
    expect(thiefCheck.passed).toBe(false);
    expect(thiefCheck.evidence.summary).toMatch(new RegExp(`sneaker #${original.body.id} of another member`));
  });

  it("still knows a deleted listing's photos: a later copy of one is flagged", { timeout: 120_000 }, async () => {
    const owner = await signIn(testApp().app, { email: 'first-upload-deleted@example.com' });
    const copier = await signIn(testApp().app, { email: 'first-upload-copier@example.com' });
    const photo = await generatedPhoto(41_200, 1200, 900);
    const listed = await owner.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: await upload(owner, photo) }] });
    expect(listed.status).toBe(201);
    expect((await owner.delete(`/api/sneakers/${listed.body.id}`)).status).toBeLessThan(300);

    const copy = await copier.post('/api/sneakers', { ...pair, photos: [{ slot: 'cover', url: await upload(copier, photo) }] });
    const check = await imageOriginal(copier, copy.body.id);
    expect(check.passed).toBe(false);
    expect(check.evidence.summary).toMatch(new RegExp(`sneaker #${listed.body.id} of another member`));
  });
});
