import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const base = { MODE: 'production', DEV: false, PROD: true };

describe('readEnv', () => {
  it('uses the product name and contact address a build leaves unset', () => {
    expect(readEnv(base)).toEqual({ ...base, VITE_PRODUCT_NAME: 'SoleSwap', VITE_CONTACT_EMAIL: 'hello@soleswap.example' });
  });

  it('takes trimmed values from the build', () => {
    const env = readEnv({ ...base, VITE_PRODUCT_NAME: '  KickSwap ', VITE_CONTACT_EMAIL: ' team@kickswap.example ' });
    expect(env.VITE_PRODUCT_NAME).toBe('KickSwap');
    expect(env.VITE_CONTACT_EMAIL).toBe('team@kickswap.example');
  });

  it('names every bad variable instead of showing a blank name or a broken mail link', () => {
    expect(() => readEnv({ ...base, VITE_PRODUCT_NAME: '   ', VITE_CONTACT_EMAIL: 'not an address' })).toThrow(
      'Invalid web environment variables: VITE_PRODUCT_NAME, VITE_CONTACT_EMAIL',
    );
  });
});
