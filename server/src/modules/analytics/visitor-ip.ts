import { isIPv4, isIPv6 } from 'node:net';

/**
 * The visitor's network, never the address itself: the first three bytes of an IPv4 address
 * (a /24) or the first three groups of an IPv6 one (a /48). Enough to tell networks apart,
 * too coarse to point at a household. IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as IPv4.
 */
export function truncateIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0`;
  if (!isIPv6(address)) return null;
  const groups = expandIpv6(address.split('%')[0]!);
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}

/** The eight groups of an IPv6 address, "::" filled with zeros. */
function expandIpv6(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first three groups are kept anyway.
  const missing = 8 - left.length - right.length;
  return [...left, ...Array(Math.max(0, missing)).fill('0'), ...right].map((g) => g.toLowerCase() || '0');
}
