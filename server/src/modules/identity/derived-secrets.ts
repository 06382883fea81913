import { createECDH, createHash, createHmac } from 'node:crypto';

/*
 * Every secret of the embedded provider is derived from SESSION_SECRET with HMAC, one label per
 * purpose, so a deployment configures one secret, every process agrees on all of them, and
 * tokens and cookies survive restarts. Anyone holding SESSION_SECRET can already forge sessions,
 * so deriving from it adds no new way in.
 */
function derive(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`soleswap/idp/${label}`).digest();
}

/** The client secret of our own `soleswap-web` client at the embedded provider. */
export function embeddedClientSecret(sessionSecret: string): string {
  return derive(sessionSecret, 'client-secret/soleswap-web').toString('base64url');
}

/** Keys oidc-provider signs its cookies with. */
export function providerCookieKeys(sessionSecret: string): string[] {
  return [derive(sessionSecret, 'cookie-key/1').toString('base64url')];
}

/**
 * The ES256 (P-256) key that signs ID tokens, as a private JWK. The private scalar is an HMAC
 * output; the (astronomically rare) value outside the curve order is skipped with a counter.
 */
export function providerSigningJwk(sessionSecret: string) {
  for (let attempt = 0; ; attempt++) {
    const d = derive(sessionSecret, `signing-key/es256/${attempt}`);
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33, 65).toString('base64url');
    // RFC 7638 thumbprint as key id, so a rotated secret is visible as a new kid.
    const kid = createHash('sha256')
      .update(JSON.stringify({ crv: 'P-256', kty: 'EC', x, y }))
      .digest('base64url');
    return { kty: 'EC', crv: 'P-256', x, y, d: d.toString('base64url'), alg: 'ES256', use: 'sig', kid };
  }
}

/** Key of the HMAC that signs e-mail confirmation links. */
export function emailConfirmationKey(sessionSecret: string): Buffer {
  return derive(sessionSecret, 'email-confirmation/1');
}
