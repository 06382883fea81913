import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { embeddedClientSecret, providerCookieKeys, providerSigningJwk } from './derived-secrets';

const SECRET = 'a-session-secret-of-at-least-32-characters!';

describe('secrets derived from SESSION_SECRET', () => {
  it('gives every process the same values, and different ones per secret and purpose', () => {
    expect(embeddedClientSecret(SECRET)).toBe(embeddedClientSecret(SECRET));
    expect(embeddedClientSecret(SECRET)).not.toBe(embeddedClientSecret(`${SECRET}x`));
    expect(providerCookieKeys(SECRET)[0]).not.toBe(embeddedClientSecret(SECRET));
    expect(providerSigningJwk(SECRET)).toEqual(providerSigningJwk(SECRET));
  });

  it('derives a working P-256 signing key whose public half verifies its signatures', () => {
    const jwk = providerSigningJwk(SECRET);
    const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    const publicKey = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('id token'), privateKey);
    expect(verify('sha256', Buffer.from('id token'), publicKey, signature)).toBe(true);
  });
});
