import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { CachedSigner } from './cached-signer';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('CachedSigner: the session cookie signer with its answers kept', () => {
  it('signs and verifies exactly as the HMAC signer does, the first time and again', () => {
    const plain = new Signer(SECRET, 'sha256');
    const cached = new CachedSigner(SECRET);
    for (let round = 0; round < 2; round++) {
      expect(cached.sign('session-id-1')).toBe(plain.sign('session-id-1'));
      expect(cached.unsign(plain.sign('session-id-1'))).toEqual({ valid: true, renew: false, value: 'session-id-1' });
    }
  });

  it('refuses a forged or altered cookie, even right after its genuine form was verified', () => {
    const cached = new CachedSigner(SECRET);
    const genuine = cached.sign('session-id-2');
    expect(cached.unsign(genuine).valid).toBe(true);
    const forged = new Signer('another-secret-of-at-least-32-characters!', 'sha256').sign('session-id-2');
    for (const input of [forged, `${genuine}x`, genuine.replace('session-id-2', 'session-id-3'), 'no-signature']) {
      expect(cached.unsign(input).valid).toBe(false);
      expect(cached.unsign(input).valid).toBe(false);
    }
  });

  it('stays correct past the number of answers it keeps', () => {
    const plain = new Signer(SECRET, 'sha256');
    const cached = new CachedSigner(SECRET);
    for (let i = 0; i < 20_500; i++) cached.sign(`id-${i}`);
    expect(cached.sign('id-0')).toBe(plain.sign('id-0'));
    expect(cached.unsign(plain.sign('id-20499')).value).toBe('id-20499');
  });
});
