import { describe, expect, it } from 'vitest';
import { truncateIp } from './visitor-ip';

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, also when mapped into IPv6', () => {
    expect(truncateIp('203.0.113.57')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:198.51.100.7')).toBe('198.51.100.0');
  });

  it('keeps the /48 of an IPv6 address, whatever its notation', () => {
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncateIp('2001:0db8:0000::1')).toBe('2001:db8:0::');
    expect(truncateIp('2001:db8::')).toBe('2001:db8:0::');
    expect(truncateIp('fe80::1%eth0')).toBe('fe80:0:0::');
  });

  it('stores nothing for a missing or malformed address', () => {
    expect(truncateIp(undefined)).toBeNull();
    expect(truncateIp('not-an-ip')).toBeNull();
  });
});
