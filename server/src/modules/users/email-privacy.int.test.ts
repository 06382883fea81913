import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';
import { signInUser } from './sign-in-user';

describe('a member e-mail stays private', () => {
  const testApp = useTestApp();

  it('never becomes the public username when the provider sends none (Google sends no preferred_username)', async () => {
    const { app, ctx } = testApp();
    const jane = await signInUser(ctx, {
      issuer: 'https://accounts.google.test',
      subject: 'google-sub-1',
      email: 'jane.doe.1987@gmail.test',
      firstName: 'Jane',
    });
    const other = await signIn(app, { email: 'other-member@example.com', username: 'other' });
    const profile = await other.get(`/api/users/${jane.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.firstName).toBe('Jane');
    expect(JSON.stringify(profile.body)).not.toContain('jane.doe.1987');
  });
});
