import type { Session } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const signedIn = (userId: string) => ({ userId, member: { userId, user: { id: userId, username: 'ann' } } }) as unknown as Session;
const NOW = 1_000_000;

describe('the session cache', () => {
  it('answers a kept session until it is invalidated', () => {
    const cache = new SessionCache();
    cache.keep('sid', signedIn('u1'), NOW + 1000, cache.stamp);
    expect(cache.find('sid', NOW)).toMatchObject({ userId: 'u1' });
    cache.invalidate();
    expect(cache.find('sid', NOW)).toBeUndefined();
  });

  it('does not keep a session read before a change it may predate', () => {
    const cache = new SessionCache();
    const stamp = cache.stamp;
    cache.invalidate(); // a member was written while the read was under way
    cache.keep('sid', signedIn('u1'), NOW + 1000, stamp);
    expect(cache.find('sid', NOW)).toBeUndefined();
  });

  it('never answers an expired session', () => {
    const cache = new SessionCache();
    cache.keep('sid', signedIn('u1'), NOW + 1000, cache.stamp);
    expect(cache.find('sid', NOW + 1000)).toBeUndefined();
  });

  it('keeps only signed-in sessions, and hands out copies a request may change without changing the kept one', () => {
    const cache = new SessionCache();
    cache.keep('visitor', { oidc: { state: 's' } } as unknown as Session, NOW + 1000, cache.stamp);
    expect(cache.find('visitor', NOW)).toBeUndefined();
    cache.keep('sid', signedIn('u1'), NOW + 1000, cache.stamp);
    const copy = cache.find('sid', NOW) as unknown as { userId: string };
    copy.userId = 'someone else';
    expect(cache.find('sid', NOW)).toMatchObject({ userId: 'u1' });
  });

  it('forgets a session ended here', () => {
    const cache = new SessionCache();
    cache.keep('sid', signedIn('u1'), NOW + 1000, cache.stamp);
    cache.forget('sid');
    expect(cache.find('sid', NOW)).toBeUndefined();
  });
});
