import { test as base, expect, type Page } from '@playwright/test';

/** Signs the page's browser context in as a member through the dev login (created if missing). */
export async function loginAs(page: Page, who: { email: string; username?: string; role?: 'member' | 'admin' }) {
  const res = await page.request.post('/api/debug/force-auth', { data: who });
  expect(res.ok(), `force-auth failed: ${res.status()}`).toBeTruthy();
  return (await res.json()).user as { id: string; email: string; username: string };
}

/** A unique e-mail per test run, so reruns against one server never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const test = base;
export { expect };
