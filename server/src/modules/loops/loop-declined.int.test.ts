import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { proposedThreeLoop, releasesInSize10, type Member } from './loops.int-helpers';

/**
 * Issue #26: a declined loop came back with the next hourly clearing, same members, same pairs,
 * and kept coming back. A loop its members declined is proposed again only once one of its pairs
 * or wants has changed.
 */
describe('a declined loop', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });
  /** Each test gets its own three releases, so earlier loops' members never join its market. */
  const threeLoop = () => proposedThreeLoop(testApp(), releases, (next += 3) - 3);
  const loopIdsOf = async (m: Member) => ((await m.get('/api/loops')).body as Array<{ id: number }>).map((l) => l.id);

  it('is not proposed again while nothing changed, and is once a listing in it changes', async () => {
    const { a, b, c, pairs, loopId, admin } = await threeLoop();
    expect((await b.post(`/api/loops/${loopId}/decline`)).body).toMatchObject({ status: 'declined' });

    for (let run = 0; run < 2; run++) {
      const rerun = await admin.post('/api/admin/loops/run');
      expect(rerun.status).toBe(200);
      expect(rerun.body.loopIds).toEqual([]);
    }
    for (const m of [a, b, c]) expect(await loopIdsOf(m)).toEqual([loopId]);

    // Cat's pair is now in better condition: a different offer, which the clearing may make.
    expect((await c.put(`/api/sneakers/${pairs.c.id}`, { condition: '10' })).status).toBe(200);
    const changed = await admin.post('/api/admin/loops/run');
    expect(changed.body.loopIds).toHaveLength(1);
    const [again] = changed.body.loopIds as number[];
    expect(again).not.toBe(loopId);
    const view = (await a.get(`/api/loops/${again}`)).body;
    expect(view).toMatchObject({ status: 'proposed' });
    expect(view.members.map((m: { id: string }) => m.id).sort()).toEqual([a.user.id, b.user.id, c.user.id].sort());
  });

  it('is proposed again once a want in it changes', async () => {
    const { a, loopId, admin } = await threeLoop();
    expect((await a.post(`/api/loops/${loopId}/decline`)).status).toBe(200);
    expect((await admin.post('/api/admin/loops/run')).body.loopIds).toEqual([]);

    // Ann now also takes condition 8: her want changed, so the loop is a new offer.
    const [want] = (await a.get('/api/wants')).body as Array<{ id: number; sizes: string[] }>;
    expect((await a.put(`/api/wants/${want!.id}`, { sizes: want!.sizes, minCondition: '8' })).status).toBe(200);
    const changed = await admin.post('/api/admin/loops/run');
    expect(changed.body.loopIds).toHaveLength(1);
    expect(await loopIdsOf(a)).toEqual(expect.arrayContaining([loopId, changed.body.loopIds[0]]));
  });
});
