import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { seedCatalog } from '../catalog/seed-catalog';
import { member } from '../loops/loops.int-helpers';

/** Wanted sizes in any system, kept as the US men's sizes of the release's brand (docs/rules/sizes.md). */
describe('wanted sizes in US men’s, US women’s, UK, EU and cm', () => {
  const testApp = useTestApp();
  const release: Record<string, number> = {};

  beforeAll(async () => {
    await seedCatalog(testApp().ctx);
    const rows = rowsOf<{ id: number; brand: string }>(
      await testApp().ctx.db.execute(sql`
      select distinct on (brand) id, brand from catalog_releases
      where brand in ('Jordan', 'Vans', 'Adidas') and '10' = any(sizes) and '10.5' = any(sizes) and '9.5' = any(sizes)
      order by brand, popularity_rank`),
    );
    for (const row of rows) release[row.brand] = row.id;
    expect(Object.keys(release).sort()).toEqual(['Adidas', 'Jordan', 'Vans']);
  });

  const want = async (brand: string, sizes: string[]) => {
    const ann = await member(testApp(), 'sizes');
    return ann.post('/api/wants', { catalogReleaseId: release[brand], sizes, minCondition: '9' });
  };

  it('converts each size with the chart of the release’s brand', async () => {
    expect((await want('Jordan', ['EU 44', 'UK 9.5', 'W 11'])).body.sizes).toEqual(['10', '10.5', '9.5']);
    expect((await want('Vans', ['EU 44', 'EU 43'])).body.sizes).toEqual(['10.5', '10']);
    expect((await want('Adidas', ['UK 9.5', 'EU 44 2/3', '28cm', '10'])).body.sizes).toEqual(['10', '10.5']);
  });

  it('refuses sizes it cannot read, and sizes the release was not made in, naming the field', async () => {
    const unreadable = await want('Jordan', ['EU 44', 'banana']);
    expect(unreadable.status).toBe(400);
    expect(Object.keys(unreadable.body.fields)).toEqual(['sizes.1']);
    // Jordan makes no EU 44 2/3 (an adidas size).
    const offChart = await want('Jordan', ['EU 44 2/3']);
    expect(offChart.status).toBe(400);
    expect(offChart.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This release was not made in size EU 44 2/3' });
    expect(Object.keys(offChart.body.fields)).toEqual(['sizes']);
  });
});
