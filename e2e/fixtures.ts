import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { CreateSneakerInput, Sneaker } from '@soleswap/contracts/sneakers';

/** Signs the page's browser context in as a member through the dev login (created if missing). */
export async function loginAs(page: Page, who: { email: string; username?: string; role?: 'member' | 'admin' | 'inspector' }) {
  const res = await page.request.post('/api/debug/force-auth', { data: who });
  expect(res.ok(), `force-auth failed: ${res.status()}`).toBeTruthy();
  return (await res.json()).user as { id: string; email: string; username: string };
}

/**
 * A new member signed in through the dev login, on their dashboard. For journeys that start after
 * sign-up: the embedded provider allows 5 sign-ups a minute from one address, which the sign-up
 * journeys in identity.spec.ts already use.
 */
export async function signInNewMember(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36).slice(-6)}`;
  await loginAs(page, { email: uniqueEmail(prefix), username });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}!` })).toBeVisible();
  return username;
}

/** A unique e-mail per test run, so reruns against one server never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A short lower-case token unique to this run, for names and search terms no other test uses. */
export function uniqueToken() {
  return `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A signed-in member in a browser context of their own, so two members can act side by side. */
export interface Member {
  context: BrowserContext;
  page: Page;
  user: { id: string; email: string; username: string };
}

/**
 * Opens a fresh browser context signed in as a new member named `${prefix}${token}`.
 * Close it with `member.context.close()` when the test ends.
 */
export async function newMember(browser: Browser, prefix: string): Promise<Member> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await loginAs(page, { email: uniqueEmail(prefix), username: `${prefix}${uniqueToken()}` });
  return { context, page, user };
}

/** Puts a sneaker in the signed-in member's locker through the API (state for a test, not the journey under test). */
export async function createSneaker(page: Page, fields: Partial<CreateSneakerInput> & Pick<CreateSneakerInput, 'name'>): Promise<Sneaker> {
  const res = await page.request.post('/api/sneakers', {
    data: { brand: 'Nike', model: 'Air Max 1', size: '10', condition: '9', estimatedValue: '200', ...fields },
  });
  expect(res.status(), `creating a sneaker failed: ${await res.text()}`).toBe(201);
  return (await res.json()) as Sneaker;
}

/** One trade's card on a tab of the trades page, freshly loaded. */
export async function openTradesTab(page: Page, tab: 'Pending' | 'Accepted' | 'Completed' | 'All', tradeId: number) {
  await page.goto('/trades');
  await expect(page.getByRole('heading', { name: 'Trade Management' })).toBeVisible();
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) }).click();
  const card = page.getByRole('article', { name: `Trade #${tradeId}` });
  await expect(card).toBeVisible();
  return card;
}

/**
 * The member adds an address to their book and chooses it as this trade's ship-to, through the API
 * (addresses.spec.ts walks the pages for it): the other side cannot ship until it is chosen.
 */
export async function chooseShipToThroughApi(member: Member, tradeId: number, line1: string): Promise<void> {
  const book = await member.page.request.post('/api/addresses', {
    data: { name: member.user.username, line1, city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  });
  expect(book.ok(), await book.text()).toBe(true);
  const chosen = await member.page.request.put(`/api/trades/${tradeId}/ship-to`, { data: { addressId: ((await book.json()) as { id: number }).id } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
}

/**
 * "Mark received" on a trade card, then "Confirm receipt" in the dialog that names what confirming
 * does (the pairs change owner, the cash is charged, the holds are released).
 */
export async function confirmReceipt(page: Page, card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm you received the pairs' });
  await expect(dialog.getByRole('list', { name: 'What happens when you confirm' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A toast's text as shown. Radix also announces it in a live region ("Notification ..."),
 * so the match is exact to pick the visible toast, not the announcement.
 */
export function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true });
}

/**
 * A PDF's text as poppler's pdftotext reads it, as a member's printer would see it (packing slips,
 * labels; e2e/run.mjs checks pdftotext is installed, else says the specs did not run): in reading
 * order, with the lines a column wrapped read as one.
 */
export async function pdfText(request: APIRequestContext, href: string): Promise<string> {
  const res = await request.get(href);
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), await res.body());
    return execFileSync('/usr/bin/pdftotext', [path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const test = base;
export { expect };
