import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { isTransactionOpen } from '../../db/open-transactions';
import { replaceShippingProvider, sandboxShippingProvider } from '../shipping/shipping-providers';

/** The sandbox provider answers by the street: "Undeliverable" is refused, "Suggest" is corrected (shipping-providers.ts). */
const TYPED = { name: 'Vera Verify', line1: '12 Suggest Street', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' };

describe('addresses verified by the shipping provider at entry', () => {
  const testApp = useTestApp();

  it('refuses an undeliverable address with the provider’s words, and saves nothing', async () => {
    const vera = await signIn(testApp().app, { email: 'verify-vera@example.com', username: 'verifyvera' });
    const refused = await vera.post('/api/addresses', { ...TYPED, line1: '1 Undeliverable Road' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ADDRESS_UNDELIVERABLE', message: expect.stringMatching(/^Address not found/) });
    // Keeping it as typed does not get past the carrier's refusal.
    expect((await vera.post('/api/addresses', { ...TYPED, line1: '1 Undeliverable Road', keepAsTyped: true })).body.code).toBe(
      'ADDRESS_UNDELIVERABLE',
    );
    expect((await vera.get('/api/addresses')).body.items).toEqual([]);
  });

  it('answers the provider’s suggestion beside what was typed, and saves the member’s choice', async () => {
    const walt = await signIn(testApp().app, { email: 'verify-walt@example.com', username: 'verifywalt' });
    const asked = await walt.post('/api/addresses', TYPED);
    expect(asked.status).toBe(422);
    expect(asked.body.code).toBe('ADDRESS_SUGGESTION');
    expect(asked.body.details).toMatchObject({
      typed: { line1: '12 Suggest Street', city: 'Austin', postalCode: '78701', region: 'TX', country: 'US' },
      suggestion: { name: 'Vera Verify', line1: '12 SUGGEST STREET', city: 'AUSTIN', postalCode: '78701', region: 'TX', country: 'US' },
    });
    expect((await walt.get('/api/addresses')).body.items).toEqual([]);

    const suggested = await walt.post('/api/addresses', { ...TYPED, acceptSuggestion: true });
    expect(suggested.status).toBe(201);
    expect(suggested.body).toMatchObject({ line1: '12 SUGGEST STREET', city: 'AUSTIN' });

    const asTyped = await walt.post('/api/addresses', { ...TYPED, line2: 'Apt 2', keepAsTyped: true });
    expect(asTyped.status).toBe(201);
    expect(asTyped.body).toMatchObject({ line1: '12 Suggest Street', city: 'Austin', line2: 'Apt 2' });

    // A replacement is verified as a new address is.
    const replaced = await walt.put(`/api/addresses/${asTyped.body.id}`, { ...TYPED, line1: '3 Undeliverable Lane' });
    expect(replaced.body.code).toBe('ADDRESS_UNDELIVERABLE');
    const both = await walt.post('/api/addresses', { ...TYPED, keepAsTyped: true, acceptSuggestion: true });
    expect(both.status).toBe(400);
    expect(both.body.fields).toHaveProperty('acceptSuggestion');
  });

  it('asks the provider with no transaction open; a provider out of reach is 502 and saves nothing', async () => {
    const xia = await signIn(testApp().app, { email: 'verify-xia@example.com', username: 'verifyxia' });
    const env = testApp().ctx.env;
    const openDuringCalls: boolean[] = [];
    let down = false;
    replaceShippingProvider(env, (ctx) => {
      const sandbox = sandboxShippingProvider(ctx);
      return Object.assign(Object.create(sandbox) as typeof sandbox, {
        verifyAddress: async (address: Parameters<typeof sandbox.verifyAddress>[0]) => {
          openDuringCalls.push(isTransactionOpen());
          if (down) throw new Error('connect ECONNREFUSED');
          return sandbox.verifyAddress(address);
        },
      });
    });
    try {
      const plain = { ...TYPED, line1: '5 Quiet Street' };
      expect((await xia.post('/api/addresses', plain)).status).toBe(201);
      down = true;
      const unreachable = await xia.post('/api/addresses', { ...plain, line1: '6 Quiet Street' });
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.code).toBe('SHIPPING_PROVIDER_UNAVAILABLE');
      expect((await xia.get('/api/addresses')).body.items).toHaveLength(1);
      expect(openDuringCalls).toEqual([false, false]);
    } finally {
      replaceShippingProvider(env, null);
    }
  });
});
