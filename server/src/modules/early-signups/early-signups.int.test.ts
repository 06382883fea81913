import { rowsOf } from '../../db/raw-rows';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { earlySignups } from '../../db/schema/index';
import { TestClient, signIn, useTestApp } from '../../../test/test-app';

describe('early access', () => {
  const testApp = useTestApp();
  const adminOf = () => signIn(testApp().app, { email: 'signups-admin@soleswap.local', role: 'admin' });

  it('rejects a missing name and a bad e-mail with field messages, storing nothing', async () => {
    const visitor = new TestClient(testApp().app);
    const res = await visitor.post('/api/early-signup', { name: ' ', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toMatchObject({ name: 'Name is required', email: 'Enter a valid e-mail address' });
    const admin = await adminOf();
    expect((await admin.get('/api/admin/early-signups')).body).toEqual([]);
  });

  it('keeps one row per e-mail and shows the list, totals, CSV and Mark notified to admins only', async () => {
    const visitor = new TestClient(testApp().app);
    expect((await visitor.post('/api/early-signup', { name: 'Ada', email: 'Ada@Example.com', signupDate: new Date().toISOString() })).status).toBe(
      200,
    );
    expect((await visitor.post('/api/early-signup', { name: 'Ada again', email: 'ada@example.com' })).status).toBe(200);

    const member = await signIn(testApp().app, { email: 'member@example.com' });
    for (const [method, url] of [
      ['GET', '/api/admin/early-signups'],
      ['GET', '/api/admin/early-signups/summary'],
      ['GET', '/api/admin/early-signups.csv'],
      ['POST', '/api/admin/early-signups/1/notified'],
    ] as const) {
      expect((await visitor.request(method, url, method === 'POST' ? {} : undefined)).status, `${method} ${url}`).toBe(401);
      expect((await member.request(method, url, method === 'POST' ? {} : undefined)).status, `${method} ${url}`).toBe(403);
    }

    const admin = await adminOf();
    const list = await admin.get('/api/admin/early-signups');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com', source: 'coming_soon_page', notified: false });

    const id = list.body[0].id;
    const marked = await admin.post(`/api/admin/early-signups/${id}/notified`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id, notified: true });
    // Idempotent: marking again answers the same.
    expect((await admin.post(`/api/admin/early-signups/${id}/notified`)).body).toMatchObject({ id, notified: true });
    expect((await admin.post('/api/admin/early-signups/999999/notified')).status).toBe(404);
    expect((await admin.post('/api/admin/early-signups/abc/notified')).status).toBe(404);

    const csv = await admin.get('/api/admin/early-signups.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="soleswap-signups-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parse(String(csv.body), { bom: true })).toContainEqual([
      'Ada',
      'ada@example.com',
      expect.any(String),
      'coming_soon_page',
      'Yes',
      '127.0.0.1',
    ]);
  });

  it('searches name or e-mail in any case, pages with a cursor, and counts today and domains', async () => {
    const { ctx } = testApp();
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3600_000);
    // Ada (from the test above, now) plus: three from earlier days on two other domains.
    await ctx.db.insert(earlySignups).values([
      { name: 'Grace Hopper', email: 'grace@navy.example', signupDate: hoursAgo(72) },
      { name: 'Ñusta 100%_real', email: 'nusta@peru.example', signupDate: hoursAgo(96) },
      { name: '=HYPERLINK("http://x","y")', email: 'evil@navy.example', signupDate: hoursAgo(120) },
    ]);
    const admin = await adminOf();

    const byName = await admin.get('/api/admin/early-signups?q=GRACE');
    expect(byName.body.map((s: { email: string }) => s.email)).toEqual(['grace@navy.example']);
    const byEmail = await admin.get('/api/admin/early-signups?q=navy.EXAMPLE');
    expect(byEmail.body.map((s: { email: string }) => s.email)).toEqual(['grace@navy.example', 'evil@navy.example']);
    // % and _ are literal characters in a search, not wildcards.
    expect((await admin.get('/api/admin/early-signups?q=100%25_')).body).toHaveLength(1);
    expect((await admin.get('/api/admin/early-signups?q=0%25')).body).toHaveLength(1);
    expect((await admin.get('/api/admin/early-signups?q=nobody')).body).toEqual([]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.get(`/api/admin/early-signups?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((s: { email: string }) => s.email));
      cursor = page.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(['ada@example.com', 'grace@navy.example', 'nusta@peru.example', 'evil@navy.example']);
    expect((await admin.get('/api/admin/early-signups?cursor=bogus!')).status).toBe(400);
    expect((await admin.get('/api/admin/early-signups?limit=0')).status).toBe(400);

    const summary = await admin.get('/api/admin/early-signups/summary');
    // Today (UTC): Ada, unless the test runs right after midnight; domains: example.com, navy, peru.
    expect(summary.body).toMatchObject({ total: 4, uniqueDomains: 3 });
    expect(summary.body.today).toBeLessThanOrEqual(1);

    const rows = parse(String((await admin.get('/api/admin/early-signups.csv')).body), { bom: true }) as string[][];
    expect(rows.find((r) => r[1] === 'evil@navy.example')![0]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(rows.find((r) => r[1] === 'nusta@peru.example')![0]).toBe('Ñusta 100%_real');
  });

  it('has trigram indexes that the name-or-e-mail search can use', async () => {
    const { ctx } = testApp();
    const plan = await ctx.db.transaction(async (tx) => {
      // A handful of rows would be scanned whole; forbid that to see whether the indexes apply.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select * from early_signups where lower(name) like '%grace%' or email like '%grace%'`);
      return rowsOf<Record<string, string>>(result)
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('early_signups_name_trgm_idx');
    expect(plan).toContain('early_signups_email_trgm_idx');
  });
});
