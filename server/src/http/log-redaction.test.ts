import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, redactUrl, truncateIp } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/callback?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost')).toBe(
      '/api/callback?code=[REDACTED]&state=[REDACTED]&iss=http%3A%2F%2Flocalhost',
    );
    expect(redactUrl('/idp/confirm-email?token=t0k3n')).toBe('/idp/confirm-email?token=[REDACTED]');
    expect(redactUrl('/idp/session/end?id_token_hint=eyJ&post_logout_redirect_uri=x')).toBe(
      '/idp/session/end?id_token_hint=[REDACTED]&post_logout_redirect_uri=x',
    );
    expect(redactUrl('/api/sneakers?q=jordan&sort=value&cursor=c1')).toBe('/api/sneakers?q=jordan&sort=value&cursor=c1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('truncateIp', () => {
  it('keeps the network of an address, never the host', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(truncateIp('2001:db8:1:2::7')).toBe('2001:db8:1::');
    expect(truncateIp('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:0db8:0001::');
    expect(truncateIp('not an address')).toBe('[REDACTED]');
  });
});

describe('the redaction of objects logged by hand', () => {
  it('hides a member’s street lines and postal code at every depth an address travels', () => {
    const lines: string[] = [];
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, { write: (line: string) => void lines.push(line) });
    const address = { name: 'Ann Archer', line1: '77 Lantern Row', line2: 'Flat 2', city: 'Portland', postalCode: '97201' };
    log.info({ ...address }, 'a book entry');
    log.info({ address }, 'a body');
    log.info({ shipTo: { counterparty: address } }, 'a ship-to answer');
    const text = lines.join('\n');
    for (const secret of ['77 Lantern Row', 'Flat 2', '97201']) expect(text).not.toContain(secret);
    expect(text).toContain('Portland');
  });
});
