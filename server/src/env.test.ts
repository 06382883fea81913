import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/soleswap-env-test' };

describe('mail settings', () => {
  it('sends from no-reply at the public host unless SMTP_FROM says otherwise', () => {
    expect(loadEnv({ ...base, APP_ORIGIN: 'https://soleswap.example' }).SMTP_FROM).toBe('SoleSwap <no-reply@soleswap.example>');
    expect(loadEnv({ ...base, SMTP_FROM: 'Kicks <hi@kicks.example>' }).SMTP_FROM).toBe('Kicks <hi@kicks.example>');
  });

  it('accepts smtp:// and smtps:// URLs and refuses anything else, naming the variable', () => {
    expect(loadEnv({ ...base, SMTP_URL: 'smtps://user:pw@mail.example:465' }).SMTP_URL).toBe('smtps://user:pw@mail.example:465');
    expect(() => loadEnv({ ...base, SMTP_URL: 'https://mail.example' })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL/);
  });
});

describe('shipping settings', () => {
  it('takes the platform as the only label payer: a sender-paid label is not built, so it is refused at start', () => {
    expect(loadEnv(base).SHIPPING_LABEL_PAYER).toBe('platform');
    expect(() => loadEnv({ ...base, SHIPPING_LABEL_PAYER: 'sender' })).toThrow(/SHIPPING_LABEL_PAYER/);
  });
});

describe('rate-limit settings', () => {
  it('accepts redis:// and rediss:// for REDIS_URL and refuses anything else, naming the variable', () => {
    expect(loadEnv({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(loadEnv({ ...base, REDIS_URL: 'rediss://:pw@cache.example:6380' }).REDIS_URL).toBe('rediss://:pw@cache.example:6380');
    expect(() => loadEnv({ ...base, REDIS_URL: 'http://cache.example' })).toThrow(/REDIS_URL/);
  });
});

describe('launch setting', () => {
  it('is open by default, so a new install shows visitors the landing page', () => {
    expect(loadEnv(base).LAUNCH_STATE).toBe('open');
    expect(loadEnv({ ...base, LAUNCH_STATE: 'early-access' }).LAUNCH_STATE).toBe('early-access');
  });

  it('refuses anything but open or early-access, naming the variable', () => {
    expect(() => loadEnv({ ...base, LAUNCH_STATE: 'coming-soon' })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, LAUNCH_STATE: 'coming-soon' })).toThrow(/LAUNCH_STATE/);
  });
});
