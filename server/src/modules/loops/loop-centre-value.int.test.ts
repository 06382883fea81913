import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { addWant, member, pairOf, releasesInSize10 } from './loops.int-helpers';

const CENTRE = 'SoleSwap Authentication Centre|1 Warehouse Way|Newark, NJ 07102|US';

/**
 * A pair the operator sends through the authentication centre (worth more than
 * AUTHENTICATION_REQUIRED_ABOVE_CENTS) never travels as a direct loop leg (docs/rules/loops.md).
 */
describe('loops and the authentication centre’s value', () => {
  const testApp = useTestApp({ AUTHENTICATION_CENTRE_ADDRESS: CENTRE, AUTHENTICATION_REQUIRED_ABOVE_CENTS: '30000' });
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  /** Three members in a ring, the first one's pair at `firstValue`; the admin's clearing run. */
  async function ringWith(firstValue: string, offset: number) {
    const ring = [await member(testApp(), 'ann'), await member(testApp(), 'ben'), await member(testApp(), 'cat')];
    for (const [i, who] of ring.entries()) {
      await pairOf(testApp(), who, releases[offset + i]!, { estimatedValue: i === 0 ? firstValue : '200.00', marketPrice: null });
      await addWant(who, releases[offset + ((i + 1) % 3)]!);
    }
    const admin = await member(testApp(), 'admin', 'admin');
    const run = await admin.post('/api/admin/loops/run');
    expect(run.status).toBe(200);
    return { ring, run: run.body as { loopIds: number[] } };
  }

  it('proposes no loop whose leg carries a pair above the value, and proposes it once the pair is within it', async () => {
    const above = await ringWith('450.00', 0);
    expect(above.run.loopIds).toHaveLength(0);
    for (const who of above.ring) expect((await who.get('/api/loops')).body).toEqual([]);

    const within = await ringWith('300.00', 3);
    expect(within.run.loopIds).toHaveLength(1);
    const [loop] = (await within.ring[0]!.get('/api/loops')).body as Array<{ id: number; status: string }>;
    expect(loop).toMatchObject({ id: within.run.loopIds[0], status: 'proposed' });
  });
});
