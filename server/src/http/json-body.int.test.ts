import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { earlySignups } from '../db/schema/index';
import { memberWithSneakers } from '../modules/trades/trades.int-helpers';
import { TestClient, useTestApp } from '../../test/test-app';

/**
 * JSON bodies that parse but no handler can use: numbers beyond the double range (1e999
 * parses to Infinity) and absurd nesting. They are refused with 400 before any route code
 * (or the Idempotency-Key hash) sees them, with or without a key.
 */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies are bounded before anything reads them', () => {
  const testApp = useTestApp();
  const json = { 'content-type': 'application/json' };

  async function proposer() {
    const alice = await memberWithSneakers(testApp(), 'alice');
    const bob = await memberWithSneakers(testApp(), 'bob');
    // A valid proposal plus one field the schema does not know, holding the bad value.
    const withExtra = (extra: string) =>
      `{"receiverId":"${bob.user.id}","proposerSneakerIds":[${alice.sneakers[0]!.id}],"receiverSneakerIds":[${bob.sneakers[0]!.id}],"extra":${extra}}`;
    return { alice, bob, withExtra };
  }

  const withAndWithoutKey = [
    ['without an Idempotency-Key', {}],
    ['with an Idempotency-Key', { 'idempotency-key': 'bounded-body' }],
  ] as const;

  for (const [label, keyHeader] of withAndWithoutKey) {
    it(`refuses a number beyond the double range on a trade call ${label} (400)`, async () => {
      const { alice, withExtra } = await proposer();
      for (const extra of ['1e999', '[-1e999]', '{"deeper":{"still":1e400}}']) {
        const res = await alice.post('/api/trades', withExtra(extra), { ...json, ...keyHeader });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: expect.any(Object) });
        expect(res.body.message).toMatch(/number/i);
      }
      expect((await alice.get('/api/trades')).body).toHaveLength(0);
    });

    it(`refuses bodies nested deeper than the limit on a trade call ${label} (400)`, async () => {
      const { alice, withExtra } = await proposer();
      for (const body of [withExtra(nested(40)), withExtra(deepArray(100_000)), deepArray(100_000)]) {
        const res = await alice.post('/api/trades', body, { ...json, ...keyHeader });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/nested/i) });
      }
      const action = await alice.post('/api/trades/1/ship', nested(40), { ...json, ...keyHeader });
      expect(action.status).toBe(400);
      expect((await alice.get('/api/trades')).body).toHaveLength(0);
    });
  }

  it('still accepts ordinary nesting and numbers', async () => {
    const { alice, bob } = await proposer();
    const res = await alice.post(
      '/api/trades',
      { receiverId: bob.user.id, proposerSneakerIds: [alice.sneakers[0]!.id], receiverSneakerIds: [bob.sneakers[0]!.id] },
      { 'idempotency-key': 'ordinary' },
    );
    expect(res.status).toBe(201);
  });

  it('applies to every JSON route, even where the bad value sits in a field the schema ignores', async () => {
    const { ctx } = testApp();
    const visitor = new TestClient(testApp().app);
    const email = 'bounded@example.com';
    const infinite = await visitor.post('/api/early-signup', `{"name":"Ann","email":"${email}","extra":-1e999}`, json);
    expect(infinite.status).toBe(400);
    expect(infinite.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { extra: expect.any(String) } });
    const deep = await visitor.post('/api/early-signup', `{"name":"Ann","email":"${email}","extra":${nested(40)}}`, json);
    expect(deep.status).toBe(400);
    expect(await ctx.db.select().from(earlySignups).where(eq(earlySignups.email, email))).toEqual([]);
  });
});
