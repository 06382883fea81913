import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../../test/test-app';
import { ensureUserByEmail } from './ensure-user';
import { signInUser } from './sign-in-user';

describe('signInUser', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'Chief@Example.com,boss@example.com' });

  it('finds the same member for the same identity and follows ADMIN_EMAILS for a verified address', async () => {
    const { ctx } = testApp();
    const first = await signInUser(ctx, {
      issuer: 'https://idp.test',
      subject: 'sub-1',
      email: 'chief@example.com',
      emailVerified: true,
      username: 'chief',
    });
    const again = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-1', email: 'chief@example.com', emailVerified: true });
    expect(again.id).toBe(first.id);
    expect(first.role).toBe('admin');
  });

  it('adopts a member created without an identity when the provider vouches for the address, but never one bound to another identity', async () => {
    const { ctx } = testApp();
    const seeded = await ensureUserByEmail(ctx, { email: 'seeded@example.com', username: 'seeded' });
    const adopted = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-2', email: 'seeded@example.com', emailVerified: true });
    expect(adopted.id).toBe(seeded.id);

    const intruder = await signInUser(ctx, { issuer: 'https://other.test', subject: 'sub-3', email: 'seeded@example.com', emailVerified: true });
    expect(intruder.id).not.toBe(seeded.id);
    expect(intruder.email).toBeNull();
    // Signing in again with the taken address keeps working (it stays with its owner).
    const intruderAgain = await signInUser(ctx, { issuer: 'https://other.test', subject: 'sub-3', email: 'seeded@example.com', emailVerified: true });
    expect(intruderAgain.id).toBe(intruder.id);
    expect(intruderAgain.email).toBeNull();
    const owner = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-2', email: 'seeded@example.com', emailVerified: true });
    expect(owner.id).toBe(seeded.id);
  });

  it('never adopts a member, nor makes an admin, for an address the provider does not vouch for', async () => {
    const { ctx } = testApp();
    const boss = await ensureUserByEmail(ctx, { email: 'boss@example.com', username: 'boss', role: 'admin' });
    const stranger = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-4', email: 'Boss@Example.com', emailVerified: false });
    expect(stranger.id).not.toBe(boss.id);
    expect(stranger.role).toBe('member');
    expect(stranger.email).toBeNull();

    const newcomer = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-5', email: 'chief@example.com' });
    expect(newcomer.role).toBe('member');
    // Once the provider vouches for it, the same identity becomes admin at its next sign-in.
    const confirmed = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-5', email: 'chief@example.com', emailVerified: true });
    expect(confirmed.id).toBe(newcomer.id);
    expect(confirmed.role).toBe('admin');
  });

  it('creates one member when the same first login arrives many times at once', async () => {
    const { ctx } = testApp();
    const claims = { issuer: 'https://idp.test', subject: 'sub-race', email: 'racer@example.com', emailVerified: true, username: 'racer' };
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => signInUser(ctx, claims)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const ids = new Set(results.map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.select().from(users).where(eq(users.oidcSubject, 'sub-race'));
    expect(rows).toHaveLength(1);
  });

  it('adopts a seeded member exactly once when its first logins arrive at once', async () => {
    const { ctx } = testApp();
    const seeded = await ensureUserByEmail(ctx, { email: 'seeded-race@example.com', username: 'seededrace' });
    const claims = { issuer: 'https://idp.test', subject: 'sub-seeded-race', email: 'seeded-race@example.com', emailVerified: true };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => signInUser(ctx, claims)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const r of results) expect((r as PromiseFulfilledResult<{ id: string }>).value.id).toBe(seeded.id);
  });
});
