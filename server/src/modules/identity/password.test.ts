import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password';

describe('hashPassword / verifyPassword', () => {
  it('accepts the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats a malformed or hostile stored hash as a non-match instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('rejects short passwords', () => {
    expect(passwordProblem('short1!')).toMatch(/at least 10/);
  });

  it('rejects very common passwords, also with digits appended', () => {
    expect(passwordProblem('password123')).toMatch(/too common/);
    expect(passwordProblem('Sneakerhead2024!')).toMatch(/too common/);
    expect(passwordProblem('1234567890')).toMatch(/too common/);
    expect(passwordProblem('aaaaaaaaaaaa')).toMatch(/too common/);
  });

  it('rejects a password containing the e-mail local part or the username', () => {
    expect(passwordProblem('MaxPower-kicks-99', { email: 'maxpower@example.com' })).toMatch(/e-mail address or username/);
    expect(passwordProblem('i-am-kickfan-really', { username: 'KickFan' })).toMatch(/e-mail address or username/);
  });

  it('accepts a long, personal-free password', () => {
    expect(passwordProblem('velvet-orbit-canal-42', { email: 'ann@example.com', username: 'ann' })).toBeNull();
  });
});
