import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, createTestApp, type TestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from './dev-mailbox';
import { TestBrowser } from './test-browser';
import { me, signUp } from './test-sign-in-flow';

describe('the development mailbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // No SMTP_URL: the confirmation mail is not sent anywhere, as on a fresh development machine.
    testApp = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists the confirmation link of a new sign-up, clickable, and the link confirms the address', async () => {
    const browser = new TestBrowser(testApp.app, TEST_ORIGIN);
    await signUp(browser, { email: 'newcomer@example.com', username: 'newcomer' });
    expect((await me(browser)).body.username).toBe('newcomer');

    const { body } = await new TestClient(testApp.app).get(`${DEV_MAILBOX_PATH}.json`);
    const [mail] = body.mails;
    expect(mail).toMatchObject({ to: 'newcomer@example.com', subject: 'Confirm your e-mail address for SoleSwap' });
    const [link] = mail.links as string[];
    expect(link!.startsWith(`${TEST_ORIGIN}/idp/confirm-email?token=`)).toBe(true);

    const page = await testApp.app.inject({ method: 'GET', url: DEV_MAILBOX_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('newcomer@example.com');
    expect(page.body).toContain(`<a href="${link!.replace(/&/g, '&#38;')}">`);

    const opened = await browser.navigate(link!);
    expect(opened.res.body).toContain('Your e-mail address is confirmed');
  });

  it('shows the newest mail first', async () => {
    for (const name of ['first', 'second']) {
      await signUp(new TestBrowser(testApp.app, TEST_ORIGIN), { email: `${name}@example.com`, username: name });
    }
    const { body } = await new TestClient(testApp.app).get(`${DEV_MAILBOX_PATH}.json`);
    expect(body.mails.slice(0, 2).map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'first@example.com']);
  });
});

describe('the development mailbox in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ NODE_ENV: 'production' });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('does not exist: 404, and a sign-up leaves no readable link', async () => {
    await signUp(new TestBrowser(testApp.app, TEST_ORIGIN), { email: 'prod@example.com', username: 'prodmember' });
    for (const url of [DEV_MAILBOX_PATH, `${DEV_MAILBOX_PATH}.json`]) {
      const res = await testApp.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.body).not.toContain('prod@example.com');
    }
  });
});
