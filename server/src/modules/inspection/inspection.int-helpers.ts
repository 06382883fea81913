import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { signIn, type TestApp } from '../../../test/test-app';
import { chooseShipTos, memberWithSneakers, proposal, shipBody } from '../trades/trades.int-helpers';

/** Test-only helpers for the authentication-centre tests. */

export const CENTRE_ENV = { AUTHENTICATION_CENTRE_ADDRESS: 'SoleSwap Authentication Centre|1 Warehouse Way|Newark, NJ 07102|US' };

/** A signed-in inspector (through the dev login). */
export async function inspector(testApp: TestApp) {
  const tag = randomBytes(3).toString('hex');
  return signIn(testApp.app, { email: `inspector-${tag}@example.com`, username: `inspector-${tag}`, role: 'inspector' });
}

/**
 * A trade via authentication, accepted and shipped to the centre by both sides; its two pairs by
 * side. Both members chose their ship-to while it was pending (a via-centre trade needs both to be
 * accepted), unless `shipTos` is false (a trade from before that rule: built in the database instead).
 */
export async function tradeAtCentre(testApp: TestApp, { ship = true }: { ship?: boolean } = {}) {
  const alice = await memberWithSneakers(testApp, 'alice', 1);
  const bob = await memberWithSneakers(testApp, 'bob', 1);
  const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: true });
  expect(proposed.status).toBe(201);
  await chooseShipTos(proposed.body.id as number, alice, bob);
  const accepted = await bob.post(`/api/trades/${proposed.body.id}/accept`);
  expect(accepted.status).toBe(200);
  const tradeId = accepted.body.id as number;
  if (ship) {
    expect((await alice.post(`/api/trades/${tradeId}/ship`, shipBody())).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/ship`, shipBody('usps'))).status).toBe(200);
  }
  const journey = await alice.get(`/api/trades/${tradeId}/inspection`);
  const pairOf = (side: string) => (journey.body.pairs as Array<{ id: number; side: string }>).find((p) => p.side === side)!.id;
  return { alice, bob, tradeId, alicePair: pairOf('proposer'), bobPair: pairOf('receiver') };
}

export const VERDICT = { notes: 'Stitching, size tag and box label match the listing photos.' } as const;
/** A forward body: the centre's parcel (FedEx) gets a number of its own. */
export const forwardBody = () => shipBody('fedex');
