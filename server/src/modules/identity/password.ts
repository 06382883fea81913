import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MIN } from '@soleswap/contracts/identity';

/**
 * scrypt cost: N=2^15, r=8 needs 128·N·r = 32 MiB, exactly Node's default maxmem, which Node
 * rejects, so maxmem is raised. About 50–100 ms a hash on the 2 shared cores we run on.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Stored hashes carry their own parameters; refuse absurd ones rather than exhaust memory. */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, keyLength: number, cost: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url), with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when the password matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (![N, r, p].every(Number.isSafeInteger) || N < 2 || N > MAX_N || r < 1 || r > 32 || p < 1 || p > 16) return false;
  if (!salt.length || !expected.length) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * Passwords people pick first; each also matches with digits or symbols appended
 * ("password2024!"), which is how most of them reach the minimum length.
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'basketball',
  'sunshine',
  'princess',
  'trustno1',
  'starwars',
  'whatever',
  'superman',
  'batman',
  'master',
  'changeme',
  'secret',
  'abc',
  'abcdef',
  'abcdefghij',
  'sneakers',
  'sneaker',
  'sneakerhead',
  'soleswap',
  'jordan',
  'airjordan',
  'nike',
  'adidas',
  'yeezy',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qazwsx',
]);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (stem && COMMON_PASSWORDS.has(stem)) return true;
  // Runs of one character or digit sequences ("aaaaaaaaaa", "1234567890", "0987654321").
  if (/^(.)\1*$/.test(lower)) return true;
  return '01234567890123456789'.includes(lower) || '98765432109876543210'.includes(lower);
}

/**
 * Why this password is too weak for this person, or null when it is fine. Checks length, a short
 * list of very common passwords, and whether it contains the e-mail's local part or the username.
 */
export function passwordProblem(password: string, who: { email?: string | null; username?: string | null } = {}): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (isCommon(password)) return 'This password is too common. Choose something harder to guess.';
  const lower = password.toLowerCase();
  const personal = [who.email?.split('@')[0], who.username].map((s) => s?.trim().toLowerCase()).filter((s): s is string => !!s && s.length >= 3);
  if (personal.some((s) => lower.includes(s))) {
    return 'Password must not contain your e-mail address or username';
  }
  return null;
}
