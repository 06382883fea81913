import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, useTestApp } from '../../../../test/test-app';
import { DEV_MAILBOX_PATH } from '../dev-mailbox';
import { findLocalAccountByEmail } from '../local-accounts.repository';
import { TestBrowser } from '../test-browser';
import { sendQueuedMail } from '../test-mail-queue';
import { TEST_PASSWORD, me, openSignInPage, signIn, signUp } from '../test-sign-in-flow';

const NEW_PASSWORD = 'lantern-harbor-quiet-77';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

describe('account recovery, account changes and sessions (issue #32)', () => {
  const testApp = useTestApp();
  const browser = () => new TestBrowser(testApp().app, TEST_ORIGIN);
  const mails = async (): Promise<Mail[]> => (await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails;
  const lastMailTo = async (to: string) => (await mails()).find((m) => m.to === to);
  const form = (b: TestBrowser, url: string, fields: Record<string, string>) =>
    b.request('POST', url, new URLSearchParams(fields).toString(), { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' });
  /** Opens the sign-up's confirmation link: the address is proven to be the member's. */
  const confirmAddress = async (email: string) => {
    const mail = (await mails()).find((m) => m.to === email && m.subject === 'Confirm your e-mail address for SoleSwap');
    const link = new URL(mail!.links[0]!);
    expect((await browser().navigate(link.pathname + link.search)).res.body).toContain('Your e-mail address is confirmed');
  };
  /** Asks for a reset link; the link is queued, and goes out as the instance's job worker would send it. */
  const askReset = async (b: TestBrowser, email: string) => {
    const asked = await b.postJson('/idp/password-reset', { email });
    await sendQueuedMail(testApp().ctx);
    return asked;
  };
  const resetLinkOf = async (email: string) => {
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Reset your SoleSwap password');
    return new URL(mail!.links[0]!);
  };

  it('answers a reset request alike for a known and an unknown address, and mails only the known one', async () => {
    await signUp(browser(), { email: 'rita@example.com', username: 'rita' });
    const before = (await mails()).length;
    const known = await askReset(browser(), 'rita@example.com');
    const unknown = await askReset(browser(), 'nobody-here@example.com');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.res.body).toBe(known.res.body);
    const sent = (await mails()).slice(0, (await mails()).length - before);
    expect(sent.map((m) => m.to)).toEqual(['rita@example.com']);
  });

  it('resets the password with a single-use link, signs out every session, and the new password works', async () => {
    const phone = browser();
    await signUp(phone, { email: 'sam@example.com', username: 'sam' });
    await confirmAddress('sam@example.com');
    expect((await me(phone)).status).toBe(200);
    await askReset(browser(), 'sam@example.com');
    const link = await resetLinkOf('sam@example.com');
    expect(link.pathname).toBe('/idp/reset-password');

    const owner = browser();
    const formPage = await owner.navigate(link.pathname + link.search);
    expect(formPage.res.statusCode).toBe(200);
    expect(formPage.res.body).toContain('Choose a new password');
    const token = link.searchParams.get('token')!;
    const weak = await form(owner, '/idp/reset-password', { token, password: 'short' });
    expect(weak.res.statusCode).toBe(400);
    const done = await form(owner, '/idp/reset-password', { token, password: NEW_PASSWORD });
    expect(done.res.statusCode).toBe(200);
    expect(done.res.body).toContain('Your password is changed');

    // The phone's session is over, the old password no longer works, the new one does.
    expect((await me(phone)).status).toBe(401);
    const again = await form(owner, '/idp/reset-password', { token, password: 'yet-another-passphrase-9' });
    expect(again.res.statusCode).toBe(400);
    expect(again.res.body).toContain('This link does not work');
    await expect(signIn(browser(), 'sam@example.com', TEST_PASSWORD)).rejects.toThrow(/401/);
    await signIn(owner, 'sam@example.com', NEW_PASSWORD);
    expect((await me(owner)).body.username).toBe('sam');
  });

  it('refuses a reset link after 30 minutes', async () => {
    await signUp(browser(), { email: 'tia@example.com', username: 'tia' });
    await askReset(browser(), 'tia@example.com');
    const link = await resetLinkOf('tia@example.com');
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 31 * 60 * 1000);
    try {
      const opened = await browser().navigate(link.pathname + link.search);
      expect(opened.res.statusCode).toBe(410);
      const posted = await form(browser(), '/idp/reset-password', { token: link.searchParams.get('token')!, password: NEW_PASSWORD });
      expect(posted.res.statusCode).toBe(410);
    } finally {
      ctx.now = realNow;
    }
    await signIn(browser(), 'tia@example.com', TEST_PASSWORD);
  });

  it('lets the real owner claim an address a stranger signed up with unconfirmed: the stranger is out and loses it', async () => {
    const stranger = browser();
    await signUp(stranger, { email: 'uma@example.com', username: 'impostor' });
    const strangerMember = (await me(stranger)).body;
    expect(strangerMember.email).toBe('uma@example.com');

    await askReset(browser(), 'uma@example.com');
    const link = await resetLinkOf('uma@example.com');
    const owner = browser();
    const claimed = await form(owner, '/idp/reset-password', { token: link.searchParams.get('token')!, password: NEW_PASSWORD });
    expect(claimed.res.body).toContain('The address is yours now');

    expect((await me(stranger)).status).toBe(401);
    await expect(signIn(browser(), 'uma@example.com', TEST_PASSWORD)).rejects.toThrow(/401/);
    await signIn(owner, 'uma@example.com', NEW_PASSWORD);
    const ownerMember = (await me(owner)).body;
    expect(ownerMember.id).not.toBe(strangerMember.id);
    expect(ownerMember.username).not.toBe('impostor');
    expect(ownerMember.email).toBe('uma@example.com');
    expect((await findLocalAccountByEmail(testApp().ctx.db, 'uma@example.com'))!.emailVerifiedAt).not.toBeNull();
  });

  it('changes the password only with the current one, and signs out the other sessions but not this one', async () => {
    const laptop = browser();
    const phone = browser();
    await signUp(laptop, { email: 'vic@example.com', username: 'vic' });
    await signIn(phone, 'vic@example.com');

    const wrong = await laptop.postJson('/api/account/password', { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { currentPassword: 'Wrong password' } });
    expect((await me(phone)).status).toBe(200);

    const weak = await laptop.postJson('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
    expect(weak.res.statusCode).toBe(400);
    expect(weak.res.json().code).toMatch(/WEAK_PASSWORD|VALIDATION_FAILED/);

    const changed = await laptop.postJson('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.res.statusCode).toBe(204);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    await signIn(browser(), 'vic@example.com', NEW_PASSWORD);
  });

  it('asks a member with a second factor for it again before a password or e-mail change (step-up)', async () => {
    const laptop = browser();
    await signUp(laptop, { email: 'zed.stepup@example.com', username: 'zedstepup' });
    const setup = (await laptop.postJson('/api/two-factor/totp/setup', {})).res.json();
    const codeAt = (at: number) => generateSync({ secret: setup.secret, epoch: Math.floor(at / 1000) });
    expect((await laptop.postJson('/api/two-factor/totp/confirm', { code: codeAt(Date.now()) })).res.statusCode).toBe(200);
    const later = Date.now() + 11 * 60_000;
    testApp().ctx.now = () => new Date(later);
    try {
      const password = await laptop.postJson('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(password.res.statusCode).toBe(403);
      expect(password.res.json().code).toBe('STEP_UP_REQUIRED');
      const email = await laptop.postJson('/api/account/email', { newEmail: 'zed.new@example.com', currentPassword: TEST_PASSWORD });
      expect(email.res.statusCode).toBe(403);
      // Nothing changed: the old password still signs in, and no link went to the new address.
      expect((await mails()).some((m) => m.to === 'zed.new@example.com')).toBe(false);
      expect((await laptop.postJson('/api/two-factor/verify', { code: codeAt(later) })).res.statusCode).toBe(200);
      const changed = await laptop.postJson('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(changed.res.statusCode).toBe(204);
    } finally {
      testApp().ctx.now = () => new Date();
    }
  });

  it('refuses the password and e-mail changes to a member without a local account (409) and to a visitor (401)', async () => {
    const devMember = new TestClient(testApp().app);
    await devMember.post('/api/debug/force-auth', { email: 'dev-only@example.com' });
    const res = await devMember.post('/api/account/password', { currentPassword: 'x', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect((await new TestClient(testApp().app).post('/api/account/email', { newEmail: 'a@example.com', currentPassword: 'x' })).status).toBe(401);
  });

  it('changes the e-mail once the new address confirms it, tells the old one, which can undo it within 7 days', async () => {
    const wes = browser();
    await signUp(wes, { email: 'wes@example.com', username: 'wes' });
    const taken = await wes.postJson('/api/account/email', { newEmail: 'vic@example.com', currentPassword: TEST_PASSWORD });
    expect(taken.res.statusCode).toBe(409);
    const wrong = await wes.postJson('/api/account/email', { newEmail: 'wes.new@example.com', currentPassword: 'wrong-password-0' });
    expect(wrong.res.statusCode).toBe(400);

    const asked = await wes.postJson('/api/account/email', { newEmail: 'wes.new@example.com', currentPassword: TEST_PASSWORD });
    expect(asked.res.statusCode).toBe(202);
    // Nothing changes until the new address opens its link.
    expect(await findLocalAccountByEmail(testApp().ctx.db, 'wes@example.com')).not.toBeNull();
    const confirm = new URL((await lastMailTo('wes.new@example.com'))!.links[0]!);
    const confirmed = await browser().navigate(confirm.pathname + confirm.search);
    expect(confirmed.res.body).toContain('Your new e-mail address is confirmed');
    expect(await findLocalAccountByEmail(testApp().ctx.db, 'wes@example.com')).toBeNull();
    await signIn(browser(), 'wes.new@example.com');

    const notice = await lastMailTo('wes@example.com');
    expect(notice?.subject).toBe('Your SoleSwap e-mail address was changed');
    const undo = new URL(notice!.links[0]!);
    // Opening the link (a mail scanner might) changes nothing; the button does.
    expect((await browser().navigate(undo.pathname + undo.search)).res.body).toContain('Undo the change');
    expect(await findLocalAccountByEmail(testApp().ctx.db, 'wes@example.com')).toBeNull();
    const undone = await form(browser(), '/idp/email-undo', { token: undo.searchParams.get('token')! });
    expect(undone.res.body).toContain('Your old e-mail address is back');
    expect((await me(wes)).status).toBe(401);
    await signIn(browser(), 'wes@example.com');
    // The confirmation link works once.
    expect((await browser().navigate(confirm.pathname + confirm.search)).res.statusCode).toBe(400);
  });

  it('refuses an undo link after 7 days', async () => {
    const xan = browser();
    await signUp(xan, { email: 'xan@example.com', username: 'xan' });
    await xan.postJson('/api/account/email', { newEmail: 'xan.new@example.com', currentPassword: TEST_PASSWORD });
    const confirm = new URL((await lastMailTo('xan.new@example.com'))!.links[0]!);
    await browser().navigate(confirm.pathname + confirm.search);
    const undo = new URL((await lastMailTo('xan@example.com'))!.links[0]!);
    const { ctx } = testApp();
    const realNow = ctx.now;
    ctx.now = () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    try {
      const late = await form(browser(), '/idp/email-undo', { token: undo.searchParams.get('token')! });
      expect(late.res.statusCode).toBe(410);
    } finally {
      ctx.now = realNow;
    }
    expect(await findLocalAccountByEmail(testApp().ctx.db, 'xan.new@example.com')).not.toBeNull();
  });

  it('lists the member’s sessions and signs out one of them, or all others, never another member’s', async () => {
    const laptop = browser();
    const phone = browser();
    const tablet = browser();
    await signUp(laptop, { email: 'yara@example.com', username: 'yara' });
    await signIn(phone, 'yara@example.com');
    await signIn(tablet, 'yara@example.com');
    const zed = browser();
    await signUp(zed, { email: 'zed@example.com', username: 'zed' });

    const listed = (await laptop.request('GET', '/api/account/sessions')).res.json().sessions as Array<{
      id: string;
      isCurrent: boolean;
      place: string;
    }>;
    expect(listed).toHaveLength(3);
    expect(listed[0]!.isCurrent).toBe(true);
    expect(listed[0]!.place).toMatch(/^10\.\d+\.\d+\.x$/);
    const phoneSession = (await phone.request('GET', '/api/account/sessions')).res.json().sessions.find((s: { isCurrent: boolean }) => s.isCurrent);

    // Zed cannot end Yara's session with its handle.
    expect((await zed.request('DELETE', `/api/account/sessions/${phoneSession.id}`, undefined, { origin: TEST_ORIGIN })).res.statusCode).toBe(204);
    expect((await me(phone)).status).toBe(200);

    expect((await laptop.request('DELETE', `/api/account/sessions/${phoneSession.id}`, undefined, { origin: TEST_ORIGIN })).res.statusCode).toBe(204);
    expect((await me(phone)).status).toBe(401);
    expect((await me(tablet)).status).toBe(200);

    const others = await laptop.postJson('/api/account/sessions/sign-out-others', {});
    expect(others.res.json()).toEqual({ ended: 1 });
    expect((await me(tablet)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(zed)).status).toBe(200);
  });

  it('tells the member about a sign-in from a new browser, in the bell and by e-mail, once per browser', async () => {
    const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    /** Signs in following the flow with this User-Agent, as that browser would. */
    const signInWith = async (b: TestBrowser, userAgent: string) => {
      const { uid } = await openSignInPage(b);
      const { res } = await b.postJson(`/idp/interaction/${uid}/login`, { email: 'nia@example.com', password: TEST_PASSWORD });
      let next = res.json().redirectTo as string;
      for (let hop = 0; hop < 15 && next; hop++) {
        const step = await b.request('GET', next, undefined, { accept: 'text/html', 'user-agent': userAgent });
        const location = step.res.headers.location;
        next = step.res.statusCode >= 300 && step.res.statusCode < 400 && typeof location === 'string' ? new URL(location, step.url).href : '';
      }
    };
    const first = browser();
    await signUp(first, { email: 'nia@example.com', username: 'nia' });
    const bell = async () => {
      await testApp().ctx.events.idle();
      return ((await first.request('GET', '/api/notifications')).res.json().items as Array<{ kind: string; text: string; link: string }>).filter(
        (n) => n.kind === 'account.signed-in',
      );
    };
    const newSignInMails = async () =>
      (await mails()).filter((m) => m.to === 'nia@example.com' && m.subject === 'New sign-in to your SoleSwap account');
    // The first sign-in ever is no news.
    expect(await bell()).toEqual([]);

    await signInWith(browser(), FIREFOX);
    const told = await bell();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^New sign-in with Firefox on Windows from 10\.\d+\.\d+\.x\./);
    expect(told[0]!.link).toBe('/settings/security');
    expect(await newSignInMails()).toHaveLength(1);
    // The sessions page names that browser from its User-Agent.
    const listed = (await first.request('GET', '/api/account/sessions')).res.json().sessions;
    expect(listed).toContainEqual(expect.objectContaining({ isCurrent: false, browser: 'Firefox', os: 'Windows', device: 'desktop' }));

    // The same browser again is known now.
    await signInWith(browser(), FIREFOX);
    expect(await bell()).toHaveLength(1);
    expect(await newSignInMails()).toHaveLength(1);
  });

  it('sends at most 3 reset links to one address in 30 minutes, answering the same', async () => {
    await signUp(browser(), { email: 'max@example.com', username: 'max' });
    const count = async () => (await mails()).filter((m) => m.to === 'max@example.com' && m.subject === 'Reset your SoleSwap password').length;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await askReset(browser(), 'max@example.com')).res.statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(await count()).toBe(3);
  });
});
