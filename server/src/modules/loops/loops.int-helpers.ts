import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { catalogReleases, type sneakers } from '../../db/schema/index';
import { buildSneaker } from '../../../test/factories';
import { signIn, type TestApp, type TestClient } from '../../../test/test-app';
import { seedCatalog } from '../catalog/seed-catalog';

/** Test-only helpers shared by the wants and loops integration tests. */

export type Member = TestClient & { user: { id: string; username: string; email: string } };

/** The catalogue, seeded once per file; returns release ids made in US 10. */
export async function releasesInSize10(testApp: TestApp): Promise<number[]> {
  await seedCatalog(testApp.ctx);
  const rows = await testApp.ctx.db.select({ id: catalogReleases.id, sizes: catalogReleases.sizes }).from(catalogReleases);
  return rows.filter((r) => r.sizes.includes('10')).map((r) => r.id);
}

export async function member(testApp: TestApp, name: string, role?: 'admin'): Promise<Member> {
  const tag = randomBytes(3).toString('hex');
  return (await signIn(testApp.app, { email: `${name}-${tag}@example.com`, username: `${name}-${tag}`, ...(role ? { role } : {}) })) as Member;
}

/** A listed pair of the release in US 10, condition 9.5, worth $250 unless overridden. */
export async function pairOf(testApp: TestApp, owner: Member, releaseId: number, overrides: Partial<typeof sneakers.$inferInsert> = {}) {
  return buildSneaker(testApp.ctx, { userId: owner.user.id, catalogReleaseId: releaseId, size: '10', ...overrides });
}

export async function addWant(who: Member, releaseId: number, extra: Record<string, unknown> = {}) {
  const res = await who.post('/api/wants', { catalogReleaseId: releaseId, sizes: ['10'], minCondition: '9', ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

/**
 * Three members in a ring, each owning the release the previous one wants: A owns r0 and
 * wants r1, B owns r1 and wants r2, C owns r2 and wants r0. No two of them can swap directly.
 * The admin's clearing run proposes the 3-loop.
 */
export async function proposedThreeLoop(testApp: TestApp, releases: number[], offset = 0) {
  const [r0, r1, r2] = [releases[offset]!, releases[offset + 1]!, releases[offset + 2]!];
  const a = await member(testApp, 'ann');
  const b = await member(testApp, 'ben');
  const c = await member(testApp, 'cat');
  const pairs = { a: await pairOf(testApp, a, r0), b: await pairOf(testApp, b, r1), c: await pairOf(testApp, c, r2) };
  await addWant(a, r1);
  await addWant(b, r2);
  await addWant(c, r0);
  const admin = await member(testApp, 'admin', 'admin');
  const run = await admin.post('/api/admin/loops/run');
  expect(run.status).toBe(200);
  const loopId = (await a.get('/api/loops')).body[0].id as number;
  expect(run.body.loopIds).toContain(loopId);
  return { a, b, c, pairs, loopId, admin };
}

/** A US address for a loop member's book; `line1` names the member, so a test can tell whose address it sees. */
export const loopAddress = (who: Member) =>
  ({ name: who.user.username, line1: `1 ${who.user.username} St`, city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' }) as const;

/** Adds the member's address (loopAddress) to their book and returns its id. */
export async function addAddress(who: Member): Promise<number> {
  const book = await who.post('/api/addresses', loopAddress(who));
  expect(book.status, JSON.stringify(book.body)).toBeLessThan(300);
  return book.body.id as number;
}

/**
 * Each member accepts the loop with a ship-to (an address of their book, loopAddress): the last
 * acceptance makes the loop binding (docs/rules/loops.md). Returns the last answer.
 */
export async function acceptWithShipTo(loopId: number, ...members: Member[]) {
  let last;
  for (const who of members) {
    last = await who.post(`/api/loops/${loopId}/accept`, { shipToAddressId: await addAddress(who) });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
  }
  return last!;
}

/** POST /api/loops/:id/accept as `who`, with a ship-to from their book (loopAddress); the answer as it comes. */
export async function acceptLoopAs(who: Member, loopId: number, headers?: Record<string, string>) {
  return who.post(`/api/loops/${loopId}/accept`, { shipToAddressId: await addAddress(who) }, headers);
}
