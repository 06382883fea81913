import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../../../test/test-app';
import { ensureUserByEmail } from '../users/ensure-user';
import { TestBrowser } from './test-browser';
import { TestSmtpServer } from './test-smtp-server';
import { me, signUp } from './test-sign-in-flow';

describe('e-mail confirmation on the embedded provider', () => {
  const smtp = new TestSmtpServer();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      ADMIN_EMAILS: 'boss@example.com,chief@example.com',
      SMTP_URL: await smtp.start(),
      SMTP_FROM: 'SoleSwap <hello@soleswap.test>',
    });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await smtp.close();
  });
  const browser = () => new TestBrowser(testApp.app, TEST_ORIGIN);

  it('lets a stranger who signs up first with an admin address neither take over the admin account nor become admin', async () => {
    // The admin's member row exists already (made by the dev login or a seeder), not yet bound to a sign-in.
    const admin = await ensureUserByEmail(testApp.ctx, { email: 'boss@example.com', username: 'boss', role: 'admin' });
    const stranger = browser();
    await signUp(stranger, { email: 'boss@example.com', username: 'not_the_boss' });
    const { status, body } = await me(stranger);
    expect(status).toBe(200);
    expect(body.id).not.toBe(admin.id);
    expect(body.role).toBe('member');
    // The admin address stays with the admin's row, so the stranger's account carries none.
    expect(body.email).toBeNull();
    expect((await stranger.request('GET', '/api/admin/early-signups')).res.statusCode).toBe(403);
  });

  it('mails a confirmation link through SMTP_URL; opening it confirms the address, and the next sign-in is admin for an ADMIN_EMAILS address', async () => {
    const chief = browser();
    const before = smtp.mails.length;
    await signUp(chief, { email: 'chief@example.com', username: 'chief' });
    expect((await me(chief)).body).toMatchObject({ email: 'chief@example.com', role: 'member' });

    const [mail] = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mail!.to).toEqual(['chief@example.com']);
    expect(mail!.raw).toMatch(/^From: SoleSwap <hello@soleswap\.test>/m);
    const link = smtp.linkFor('chief@example.com');
    expect(link.startsWith(`${TEST_ORIGIN}/idp/confirm-email?token=`)).toBe(true);

    const opened = await chief.navigate(link);
    expect(opened.res.statusCode).toBe(200);
    expect(opened.res.headers['content-type']).toMatch(/text\/html/);
    expect(opened.res.body).toContain('Your e-mail address is confirmed');

    const again = await chief.navigate(link);
    expect(again.res.body).toContain('This link was already used');

    await chief.navigate('/api/login');
    expect((await me(chief)).body.role).toBe('admin');
  });

  it('says when a link expired, and sends a new one that works', async () => {
    const dot = browser();
    await signUp(dot, { email: 'dot@example.com', username: 'dot' });
    await smtp.waitForMails(smtp.mails.length);
    const oldLink = smtp.linkFor('dot@example.com');

    const realNow = testApp.ctx.now;
    testApp.ctx.now = () => new Date(realNow().getTime() + 4 * 24 * 3600 * 1000);
    try {
      const expired = await dot.navigate(oldLink);
      expect(expired.res.statusCode).toBe(410);
      expect(expired.res.body).toContain('This link has expired');
      const token = new URL(oldLink).searchParams.get('token')!;
      const count = smtp.mails.length;
      const resent = await dot.request('POST', '/idp/confirm-email/resend', new URLSearchParams({ token }).toString(), {
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(resent.res.statusCode).toBe(200);
      expect(resent.res.body).toContain('A new link is on its way');
      await smtp.waitForMails(count + 1);
      const newLink = smtp.linkFor('dot@example.com');
      expect(newLink).not.toBe(oldLink);
      expect((await dot.navigate(newLink)).res.body).toContain('Your e-mail address is confirmed');
    } finally {
      testApp.ctx.now = realNow;
    }
  });

  it('refuses a forged or cut-off link with a clear page, never a 500', async () => {
    const eve = browser();
    await signUp(eve, { email: 'eve@example.com', username: 'eve' });
    await smtp.waitForMails(smtp.mails.length);
    const link = new URL(smtp.linkFor('eve@example.com'));
    const token = link.searchParams.get('token')!;
    for (const bad of [`${token.slice(0, -3)}abc`, token.slice(0, 20), 'x', '']) {
      const res = await eve.navigate(`/idp/confirm-email?token=${encodeURIComponent(bad)}`);
      expect(res.res.statusCode).toBe(400);
      expect(res.res.body).toContain('This link does not work');
    }
    expect((await eve.navigate('/idp/confirm-email')).res.statusCode).toBe(400);
  });
});

describe('e-mail confirmation when the mail server is down', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every delivery fails at once.
    testApp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('still signs the new member up and in', async () => {
    const fay = new TestBrowser(testApp.app, TEST_ORIGIN);
    const landed = await signUp(fay, { email: 'fay@example.com', username: 'fay' });
    expect(landed.url.pathname).toBe('/');
    expect((await me(fay)).body).toMatchObject({ email: 'fay@example.com', role: 'member' });
  });
});
