import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { ensureUserByEmail } from './ensure-user';
import { signInUser } from './sign-in-user';

describe('signInUser', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'Chief@Example.com' });

  it('finds the same member for the same identity and follows ADMIN_EMAILS', async () => {
    const { ctx } = testApp();
    const first = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-1', email: 'chief@example.com', username: 'chief' });
    const again = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-1', email: 'chief@example.com' });
    expect(again.id).toBe(first.id);
    expect(first.role).toBe('admin');
  });

  it('adopts a member created without an identity, but never one bound to another identity', async () => {
    const { ctx } = testApp();
    const seeded = await ensureUserByEmail(ctx, { email: 'seeded@example.com', username: 'seeded' });
    const adopted = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-2', email: 'seeded@example.com' });
    expect(adopted.id).toBe(seeded.id);

    const intruder = await signInUser(ctx, { issuer: 'https://other.test', subject: 'sub-3', email: 'seeded@example.com' });
    expect(intruder.id).not.toBe(seeded.id);
    expect(intruder.email).toBeNull();
    const owner = await signInUser(ctx, { issuer: 'https://idp.test', subject: 'sub-2', email: 'seeded@example.com' });
    expect(owner.id).toBe(seeded.id);
  });
});
