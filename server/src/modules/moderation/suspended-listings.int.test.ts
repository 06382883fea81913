import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../../db/schema/index';
import { TestClient, useTestApp } from '../../../test/test-app';
import { addWant, member, pairOf, proposedThreeLoop, releasesInSize10, type Member } from '../loops/loops.int-helpers';

/**
 * A suspended member's listings are off the market (issue #26): no list shows them, and nobody
 * proposes to them or accepts a loop with them, which is refused with MEMBER_SUSPENDED.
 */
describe("a suspended member's listings", () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  let admin: Member;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
    admin = await member(testApp(), 'boss', 'admin');
  });

  const suspend = async (who: Member) => expect((await admin.post(`/api/admin/users/${who.user.id}/suspend`, { reason: 'Fakes' })).status).toBe(200);
  const ids = (body: unknown) => (body as Array<{ id: number }>).map((s) => s.id);

  it('leave every list: public and member browse, search, the profile and two-way matches', async () => {
    const [r0, r1] = [releases[0]!, releases[1]!];
    const word = `zephyr${randomBytes(3).toString('hex')}`;
    const ann = await member(testApp(), 'ann');
    const bob = await member(testApp(), 'bob');
    await pairOf(testApp(), ann, r0);
    const bobPair = await pairOf(testApp(), bob, r1, { name: `Dunk ${word}` });
    await addWant(ann, r1);
    await addWant(bob, r0);
    const visitor = new TestClient(testApp().app);
    const lists = {
      public: () => visitor.get('/api/sneakers/public?limit=100'),
      browse: () => ann.get('/api/sneakers?limit=100'),
      search: () => ann.get(`/api/sneakers?q=${word}`),
      publicSearch: () => visitor.get(`/api/sneakers/public?q=${word}`),
      profile: () => visitor.get(`/api/sneakers/user/${bob.user.id}`),
      profileForMember: () => ann.get(`/api/sneakers/user/${bob.user.id}`),
    };
    for (const [name, list] of Object.entries(lists)) {
      const res = await list();
      expect(res.status, name).toBe(200);
      expect(ids(res.body), name).toContain(bobPair.id);
    }
    expect((await ann.get('/api/matches')).body.twoWay.map((m: { member: { id: string } }) => m.member.id)).toContain(bob.user.id);

    await suspend(bob);
    for (const [name, list] of Object.entries(lists)) {
      const res = await list();
      expect(res.status, name).toBe(200);
      expect(ids(res.body), name).not.toContain(bobPair.id);
    }
    expect((await ann.get('/api/matches')).body.twoWay).toEqual([]);
  });

  it('take no proposal: 409 MEMBER_SUSPENDED, and no trade is made', async () => {
    const [r0, r1] = [releases[2]!, releases[3]!];
    const cy = await member(testApp(), 'cy');
    const dee = await member(testApp(), 'dee');
    const give = await pairOf(testApp(), cy, r0);
    const take = await pairOf(testApp(), dee, r1);
    await suspend(dee);
    const res = await cy.post('/api/trades', { receiverId: dee.user.id, proposerSneakerIds: [give.id], receiverSneakerIds: [take.id] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MEMBER_SUSPENDED', message: expect.any(String) });
    expect(await testApp().ctx.db.select().from(trades).where(eq(trades.proposerId, cy.user.id))).toEqual([]);
  });

  it('refuse a loop holding a suspended member: accepting it answers 409 MEMBER_SUSPENDED', async () => {
    const { a, c, loopId } = await proposedThreeLoop(testApp(), releases, 4);
    await suspend(c);
    const res = await a.post(`/api/loops/${loopId}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('MEMBER_SUSPENDED');
    expect((await a.get(`/api/loops/${loopId}`)).body.status).toBe('proposed');
  });
});
