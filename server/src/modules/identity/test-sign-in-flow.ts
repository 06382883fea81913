import type { TestBrowser } from './test-browser';

/** For tests: the steps of signing in through the embedded provider, as the web app's sign-in page takes them. */

export const TEST_PASSWORD = 'velvet-orbit-canal-42';

/** Opens /api/login and follows the provider to our sign-in page; returns the interaction uid. */
export async function openSignInPage(browser: TestBrowser, login = '/api/login') {
  const page = await browser.navigate(login);
  const match = /^\/idp\/interaction\/([^/?]+)$/.exec(page.url.pathname);
  if (!match) throw new Error(`expected the sign-in page, landed on ${page.visited.join(' -> ')} (${page.res.statusCode})`);
  return { uid: match[1]!, page };
}

/** Creates an account on the sign-in page and follows the flow home; returns where it lands. */
export async function signUp(browser: TestBrowser, account: { email: string; username: string; password?: string; firstName?: string }) {
  const { uid } = await openSignInPage(browser);
  const res = await browser.postJson(`/idp/interaction/${uid}/signup`, { password: TEST_PASSWORD, ...account });
  if (res.res.statusCode !== 200) throw new Error(`sign-up failed: ${res.res.statusCode} ${res.res.body}`);
  return browser.navigate(res.res.json().redirectTo);
}

/** Signs in with e-mail and password and follows the flow home; returns where it lands. */
export async function signIn(browser: TestBrowser, email: string, password = TEST_PASSWORD) {
  const { uid } = await openSignInPage(browser);
  const res = await browser.postJson(`/idp/interaction/${uid}/login`, { email, password });
  if (res.res.statusCode !== 200) throw new Error(`sign-in failed: ${res.res.statusCode} ${res.res.body}`);
  return browser.navigate(res.res.json().redirectTo);
}

/** GET /api/auth/user as this browser. */
export async function me(browser: TestBrowser) {
  const { res } = await browser.request('GET', '/api/auth/user');
  return { status: res.statusCode, body: res.json() };
}
