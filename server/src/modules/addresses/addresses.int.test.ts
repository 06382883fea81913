import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADDRESSES_MAX } from '@soleswap/contracts/addresses';
import { addressReads } from '../../db/schema/index';
import { signIn, useTestApp, type TestClient } from '../../../test/test-app';

const US = { name: 'Ann Archer', line1: '1 Market St', city: 'San Francisco', region: 'ca', postalCode: '941031234', country: 'us' };

describe('the address book', () => {
  const testApp = useTestApp();

  it('adds, lists page by page, replaces and deletes the caller’s own addresses only', async () => {
    const ann = await signIn(testApp().app, { email: 'book-ann@example.com', username: 'bookann' });
    const cy = await signIn(testApp().app, { email: 'book-cy@example.com', username: 'bookcy' });

    const created = await ann.post('/api/addresses', US);
    expect(created.status).toBe(201);
    // Normalised to the country's own shapes: ZIP+4 with its hyphen, the state's code, the country upper case.
    expect(created.body).toMatchObject({ region: 'CA', postalCode: '94103-1234', country: 'US', line2: null });

    // The same address again is the same entry, not a duplicate.
    const again = await ann.post('/api/addresses', US);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);

    const second = (await ann.post('/api/addresses', { ...US, line1: '2 Market St' })).body;
    const first = await ann.get('/api/addresses?limit=1');
    expect(first.body.items.map((a: { id: number }) => a.id)).toEqual([second.id]);
    const next = await ann.get(`/api/addresses?limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body).toMatchObject({ items: [{ id: created.body.id }], nextCursor: null });

    // Someone else's address is not found, for every verb, and is not in their list.
    expect((await cy.get('/api/addresses')).body.items).toEqual([]);
    expect((await cy.put(`/api/addresses/${created.body.id}`, US)).status).toBe(404);
    expect((await cy.delete(`/api/addresses/${created.body.id}`)).status).toBe(404);

    const replaced = await ann.put(`/api/addresses/${created.body.id}`, { ...US, line2: 'Suite 5' });
    expect(replaced.body).toMatchObject({ id: created.body.id, line2: 'Suite 5' });
    expect((await ann.delete(`/api/addresses/${second.id}`)).body).toEqual({ deleted: true });
    expect((await ann.get('/api/addresses')).body.items.map((a: { id: number }) => a.id)).toEqual([created.body.id]);
    expect((await new (cy.constructor as typeof TestClient)(testApp().app).get('/api/addresses')).status).toBe(401);
  });

  it('checks each country’s postal code and region, naming the fields, and stores nothing', async () => {
    const bea = await signIn(testApp().app, { email: 'book-bea@example.com', username: 'bookbea' });
    const refused = async (body: Record<string, unknown>) => {
      const res = await bea.post('/api/addresses', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      return res.body.fields as Record<string, string>;
    };
    expect(Object.keys(await refused({ ...US, postalCode: '9410' }))).toEqual(['postalCode']);
    expect((await refused({ ...US, region: 'ZZ' })).region).toMatch(/state of United States/);
    expect((await refused({ ...US, region: '' })).region).toBe('State is required');
    expect(await refused({ ...US, country: 'CA', region: 'ON', postalCode: 'D1A 1A1' })).toHaveProperty('postalCode');
    expect(await refused({ ...US, country: 'GB', region: null, postalCode: '12345' })).toHaveProperty('postalCode');
    expect(await refused({ ...US, country: 'DE', region: null, postalCode: '1011' })).toHaveProperty('postalCode');
    expect(await refused({ ...US, country: 'NL', region: null, postalCode: '0123 AB' })).toHaveProperty('postalCode');
    expect(await refused({ ...US, country: 'JP', region: null, postalCode: '100-0001' })).toHaveProperty('region');
    expect(await refused({ ...US, country: 'AU', region: 'NSW', postalCode: '20000' })).toHaveProperty('postalCode');
    expect(await refused({ ...US, country: 'XX' })).toHaveProperty('country');
    const blank = await refused({ country: 'US' });
    expect(Object.keys(blank).sort()).toEqual(['city', 'line1', 'name', 'postalCode']);
    expect(await refused({ ...US, isDefault: true, userId: 'someone' })).toBeTruthy();
    expect((await bea.get('/api/addresses')).body.items).toEqual([]);

    const ok = async (body: Record<string, unknown>) => {
      const res = await bea.post('/api/addresses', { ...US, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    expect(await ok({ country: 'CA', region: 'Ontario', postalCode: 'k1a0b1' })).toMatchObject({ region: 'ON', postalCode: 'K1A 0B1' });
    expect(await ok({ country: 'GB', region: null, postalCode: 'sw1a1aa' })).toMatchObject({ region: null, postalCode: 'SW1A 1AA' });
    expect(await ok({ country: 'DE', region: null, postalCode: '10115' })).toMatchObject({ postalCode: '10115' });
    expect(await ok({ country: 'FR', region: null, postalCode: '75001' })).toMatchObject({ postalCode: '75001' });
    expect(await ok({ country: 'NL', region: null, postalCode: '1012ab' })).toMatchObject({ postalCode: '1012 AB' });
    expect(await ok({ country: 'JP', region: 'Tokyo', postalCode: '1000001' })).toMatchObject({ region: 'JP-13', postalCode: '100-0001' });
    expect(await ok({ country: 'AU', region: 'nsw', postalCode: '2000' })).toMatchObject({ region: 'NSW' });
  });

  it('refuses a name of invisible characters only, direction overrides and ZIP 00000 with 400, changing nothing (issue #39)', async () => {
    const zed = await signIn(testApp().app, { email: 'book-zed@example.com', username: 'bookzed' });
    const kept = (await zed.post('/api/addresses', US)).body;
    const book = async () => (await zed.get('/api/addresses')).body.items;
    const before = await book();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '\u200b\u200b\u200b' }, 'name', /must contain letters or digits you can see/],
      [{ name: '\u200d\ufeff\u2060' }, 'name', /must contain letters or digits you can see/],
      [{ name: '\u202eAnn Archer' }, 'name', /cannot contain characters that change the direction of text/],
      [{ name: 'Ann \u2067Archer\u2069' }, 'name', /cannot contain characters that change the direction of text/],
      [{ line1: '1 Market St\u202d' }, 'line1', /cannot contain characters that change the direction of text/],
      [{ city: '\u200b' }, 'city', /must contain letters or digits you can see/],
      [{ postalCode: '00000' }, 'postalCode', /Enter a ZIP code/],
      [{ postalCode: '00000-0000' }, 'postalCode', /Enter a ZIP code/],
    ];
    for (const [change, field, message] of cases) {
      for (const res of [await zed.post('/api/addresses', { ...US, ...change }), await zed.put(`/api/addresses/${kept.id}`, { ...US, ...change })]) {
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.body.fields), JSON.stringify(change)).toEqual([field]);
        expect(res.body.fields[field]).toMatch(message);
      }
    }
    expect(await book()).toEqual(before);
  });

  it(`holds at most ${ADDRESSES_MAX} addresses`, async () => {
    const max = await signIn(testApp().app, { email: 'book-max@example.com', username: 'bookmax' });
    for (let i = 0; i < ADDRESSES_MAX; i++) expect((await max.post('/api/addresses', { ...US, line1: `${i} Full St` })).status).toBe(201);
    const full = await max.post('/api/addresses', { ...US, line1: 'One too many' });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/address book is full/);
  });

  it('replays a create under the same Idempotency-Key', async () => {
    const ida = await signIn(testApp().app, { email: 'book-ida@example.com', username: 'bookida' });
    const headers = { 'idempotency-key': 'address-create-1' };
    const one = await ida.post('/api/addresses', US, headers);
    const two = await ida.post('/api/addresses', US, headers);
    expect(two.body.id).toBe(one.body.id);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect((await ida.post('/api/addresses', { ...US, line1: 'Else' }, headers)).status).toBe(422);
  });

  it('records nothing in address_reads for a member reading their own book', async () => {
    const own = await signIn(testApp().app, { email: 'book-own@example.com', username: 'bookown' });
    await own.post('/api/addresses', US);
    await own.get('/api/addresses');
    expect(await testApp().ctx.db.select().from(addressReads).where(eq(addressReads.readerId, own.user.id))).toEqual([]);
  });
});
