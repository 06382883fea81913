import { describe, expect, it } from 'vitest';
import { buildSneaker } from '../../../test/factories';
import { signIn, useTestApp, type TestApp } from '../../../test/test-app';

let seq = 0;
async function member(testApp: TestApp, name: string, role?: 'admin') {
  const tag = `${name}${Date.now().toString(36)}${seq++}`;
  return signIn(testApp.app, { email: `${tag}@example.com`, username: tag, ...(role ? { role } : {}) });
}

/** A pair the latest verification found not authentic. */
function flaggedPair(testApp: TestApp, userId: string, name = 'Questionable Jordan 1') {
  return buildSneaker(testApp.ctx, {
    userId,
    name,
    isVerified: false,
    verificationScore: '0.38',
    lastVerificationDate: new Date(),
    verificationChecks: [
      {
        name: 'styleCode',
        label: 'Style code format',
        passed: false,
        weight: 0.2,
        critical: true,
        evidence: { observed: 'style code XX-1', expected: 'Jordan format like DZ5485-612', summary: 'XX-1 is not a Jordan style code.' },
      },
    ],
  });
}

describe('the review queue of flagged pairs (issue #28)', () => {
  const testApp = useTestApp();

  it('lists flagged pairs with their evidence for admins only', async () => {
    const owner = await member(testApp(), 'owner');
    const admin = await member(testApp(), 'admin', 'admin');
    const flagged = await flaggedPair(testApp(), owner.user.id);
    const clean = await buildSneaker(testApp().ctx, {
      userId: owner.user.id,
      isVerified: true,
      verificationScore: '0.95',
      lastVerificationDate: new Date(),
    });

    const queue = await admin.get('/api/admin/verification/flagged');
    expect(queue.status).toBe(200);
    const entry = queue.body.find((p: { sneaker: { id: number } }) => p.sneaker.id === flagged.id);
    expect(entry).toMatchObject({
      sneaker: { id: flagged.id, name: 'Questionable Jordan 1', owner: { id: owner.user.id, username: owner.user.username } },
      verdict: { status: 'flagged', score: '0.38' },
      checks: [{ name: 'styleCode', passed: false, evidence: { observed: 'style code XX-1' } }],
      review: null,
      appealedAt: null,
    });
    expect(queue.body.some((p: { sneaker: { id: number } }) => p.sneaker.id === clean.id)).toBe(false);

    const asMember = await owner.get('/api/admin/verification/flagged');
    expect(asMember.status).toBe(403);
    expect(asMember.body.code).toBe('FORBIDDEN');
  });

  it('confirming keeps the flag, hides the listing from trading and writes the audit log; a member cannot', async () => {
    const owner = await member(testApp(), 'owner');
    const other = await member(testApp(), 'other');
    const admin = await member(testApp(), 'admin', 'admin');
    const flagged = await flaggedPair(testApp(), owner.user.id);

    const refused = await other.post(`/api/admin/verification/${flagged.id}/confirm`, { note: 'Looks fake' });
    expect(refused.status).toBe(403);
    expect((await other.get(`/api/sneakers/${flagged.id}`)).body.isAvailableForTrade).toBe(true);

    const confirmed = await admin.post(`/api/admin/verification/${flagged.id}/confirm`, { note: 'Style code does not exist' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: flagged.id, isAvailableForTrade: false, review: 'confirmed' });
    const seen = await owner.get(`/api/sneakers/${flagged.id}`);
    expect(seen.body).toMatchObject({ isAvailableForTrade: false, verdict: { status: 'flagged' } });
    // The owner cannot put it back on the market.
    expect(seen.body.allowedActions).not.toContain('show');
    const reshow = await owner.put(`/api/sneakers/${flagged.id}`, { isAvailableForTrade: true });
    expect(reshow.status).toBe(409);
    expect((await owner.get(`/api/sneakers/${flagged.id}`)).body.isAvailableForTrade).toBe(false);
    // Reviewed: it leaves the queue.
    const queue = await admin.get('/api/admin/verification/flagged');
    expect(queue.body.some((p: { sneaker: { id: number } }) => p.sneaker.id === flagged.id)).toBe(false);
    // No one can propose for it any more.
    const proposal = await other.post('/api/trades', {
      receiverId: owner.user.id,
      proposerSneakerIds: [(await buildSneaker(testApp().ctx, { userId: other.user.id })).id],
      receiverSneakerIds: [flagged.id],
      acknowledgeFlagged: true,
    });
    expect(proposal.status).toBe(400);

    const log = await admin.get('/api/admin/audit-log');
    expect(log.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'confirm-flag', targetType: 'listing', targetId: String(flagged.id), note: 'Style code does not exist' }),
      ]),
    );
  });

  it('clearing needs a note, lifts the flag (Not verified) and is audit-logged; a pair not flagged is 409', async () => {
    const owner = await member(testApp(), 'owner');
    const admin = await member(testApp(), 'admin', 'admin');
    const flagged = await flaggedPair(testApp(), owner.user.id);

    const noNote = await admin.post(`/api/admin/verification/${flagged.id}/clear`, {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields.note).toBeDefined();
    expect((await owner.get(`/api/sneakers/${flagged.id}`)).body.verdict.status).toBe('flagged');

    const cleared = await admin.post(`/api/admin/verification/${flagged.id}/clear`, { note: 'Real pair: the box label was misread' });
    expect(cleared.status).toBe(200);
    expect((await owner.get(`/api/sneakers/${flagged.id}`)).body.verdict).toMatchObject({ status: 'not_verified', label: 'Not verified' });
    const log = await admin.get('/api/admin/audit-log');
    expect(log.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'clear-flag', targetId: String(flagged.id) })]));

    const notFlagged = await admin.post(`/api/admin/verification/${flagged.id}/clear`, { note: 'again' });
    expect(notFlagged.status).toBe(409);
    const missing = await admin.post('/api/admin/verification/999999/confirm', {});
    expect(missing.status).toBe(404);
  });

  it('the owner may appeal once, which brings a confirmed pair back to the queue; nobody else may', async () => {
    const owner = await member(testApp(), 'owner');
    const other = await member(testApp(), 'other');
    const admin = await member(testApp(), 'admin', 'admin');
    const flagged = await flaggedPair(testApp(), owner.user.id);
    await admin.post(`/api/admin/verification/${flagged.id}/confirm`, { note: 'Fake' });

    expect((await other.post(`/api/sneakers/${flagged.id}/appeal`)).status).toBe(404);
    const appeal = await owner.post(`/api/sneakers/${flagged.id}/appeal`);
    expect(appeal.status).toBe(200);
    const queue = await admin.get('/api/admin/verification/flagged');
    expect(queue.body[0]).toMatchObject({ sneaker: { id: flagged.id }, review: 'confirmed', appealedAt: appeal.body.appealedAt });

    const again = await owner.post(`/api/sneakers/${flagged.id}/appeal`);
    expect(again.status).toBe(409);
    const clean = await buildSneaker(testApp().ctx, { userId: owner.user.id });
    expect((await owner.post(`/api/sneakers/${clean.id}/appeal`)).status).toBe(409);
  });
});
