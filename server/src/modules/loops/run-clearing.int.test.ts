import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { marketWantlists } from '../wants/want-records';
import { addWant, member, pairOf, releasesInSize10 } from './loops.int-helpers';
import { runClearing } from './run-clearing';

/**
 * A market larger than the clearing engine takes at once used to be refused (409, "above the
 * clearing limit"). It is now cut into parts and cleared on the clearing worker thread; here the
 * part size is lowered to three members so a six-member market is one.
 */
describe('runClearing on a market larger than one part', () => {
  const testApp = useTestApp();
  let releases: number[] = [];
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  it('proposes the loops of every part instead of refusing the market', async () => {
    const rings = [];
    for (const offset of [0, 3]) {
      const ring = [await member(testApp(), 'ann'), await member(testApp(), 'ben'), await member(testApp(), 'cat')];
      for (const [i, who] of ring.entries()) {
        await pairOf(testApp(), who, releases[offset + i]!);
        await addWant(who, releases[offset + ((i + 1) % 3)]!);
      }
      rings.push(ring);
    }
    const run = await runClearing(testApp().ctx, marketWantlists, { partMembers: 3 });
    expect(run).toMatchObject({ members: 6, pairs: 6, wants: 6 });
    expect(run.loopIds).toHaveLength(2);
    for (const ring of rings) {
      const [loop] = (await ring[0]!.get('/api/loops')).body as Array<{ id: number; status: string }>;
      expect(loop).toMatchObject({ status: 'proposed' });
      expect(run.loopIds).toContain(loop!.id);
    }
  });
});
