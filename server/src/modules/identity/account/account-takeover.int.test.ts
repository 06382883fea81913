import { MINUTE_MS } from '@soleswap/contracts/time';
import { SIGN_IN_FAILURES_BEFORE_LOCK } from '@soleswap/contracts/account';
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient, createTestApp, type TestApp } from '../../../../test/test-app';
import { jobs, rateLimitHits } from '../../../db/schema/index';
import { DEV_MAILBOX_PATH } from '../dev-mailbox';
import { findLocalAccountByEmail } from '../local-accounts.repository';
import { RESET_LINK_JOB, SEND_MAIL_JOB } from '../mail-queue';
import { TestBrowser } from '../test-browser';
import { sendQueuedMail } from '../test-mail-queue';
import { TestSmtpServer } from '../test-smtp-server';
import { TEST_PASSWORD, me, openSignInPage, signIn, signUp } from '../test-sign-in-flow';

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * Issue #39, the account parts: someone holding the password cannot keep the owner's address, a
 * stranger cannot lock the owner out, a reset request tells nothing by its time, a reset link
 * sets one password even when raced, and a second factor protects every member's sign-in.
 */
describe('account takeover and lockout (issue #39)', () => {
  const smtp = new TestSmtpServer();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ SMTP_URL: await smtp.start(), SMTP_FROM: 'SoleSwap <hello@soleswap.test>' });
  }, 60_000);
  afterAll(async () => {
    smtp.release();
    await testApp?.close();
    await smtp.close();
  });
  afterEach(() => {
    testApp.ctx.now = () => new Date();
  });

  const browser = () => new TestBrowser(testApp.app, TEST_ORIGIN);
  const mails = async (): Promise<Mail[]> => (await new TestClient(testApp.app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails;
  const lastLinkTo = async (to: string, subject: string) => {
    const mail = (await mails()).find((m) => m.to === to && m.subject === subject);
    expect(mail, `a mail "${subject}" to ${to}`).toBeDefined();
    return new URL(mail!.links[0]!);
  };
  const form = (b: TestBrowser, url: string, fields: Record<string, string>) =>
    b.request('POST', url, new URLSearchParams(fields).toString(), { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' });
  const tryPassword = async (b: TestBrowser, email: string, password: string) => {
    const { uid } = await openSignInPage(b);
    return (await b.postJson(`/idp/interaction/${uid}/login`, { email, password })).res;
  };
  /** A minute later: the routes' per-address limits (10 sign-ins a minute) are over, the account locks are not. */
  const aMinuteLater = () => testApp.ctx.db.delete(rateLimitHits).where(not(sql`starts_with(${rateLimitHits.key}, 'idp:sign-in-')`));
  const askReset = (b: TestBrowser, email: string) => b.postJson('/idp/password-reset', { email });

  /** Changes the signed-in member's address to `newEmail` as they would: password, then the link mailed there. */
  async function changeEmail(b: TestBrowser, newEmail: string) {
    const asked = await b.postJson('/api/account/email', { newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.res.statusCode).toBe(202);
    const confirm = await lastLinkTo(newEmail, 'Confirm your new e-mail address for SoleSwap');
    expect((await browser().navigate(confirm.pathname + confirm.search)).res.body).toContain('Your new e-mail address is confirmed');
  }

  it('keeps the owner’s undo link working after a second change of address; it restores the owner and voids the later link', async () => {
    const owner = browser();
    await signUp(owner, { email: 'olga@example.com', username: 'olga' });
    // Someone who has the password signs in elsewhere and moves the address twice.
    const taker = browser();
    await signIn(taker, 'olga@example.com');
    await changeEmail(taker, 'first.hop@example.net');
    const ownersUndo = await lastLinkTo('olga@example.com', 'Your SoleSwap e-mail address was changed');
    await changeEmail(taker, 'second.hop@example.net');
    const takersUndo = await lastLinkTo('first.hop@example.net', 'Your SoleSwap e-mail address was changed');
    expect((await findLocalAccountByEmail(testApp.ctx.db, 'second.hop@example.net'))?.username).toBe('olga');

    const undone = await form(browser(), '/idp/email-undo', { token: ownersUndo.searchParams.get('token')! });
    expect(undone.res.statusCode).toBe(200);
    expect(undone.res.body).toContain('Your old e-mail address is back');
    expect((await findLocalAccountByEmail(testApp.ctx.db, 'olga@example.com'))?.username).toBe('olga');
    expect((await me(taker)).status).toBe(401);
    expect((await me(owner)).status).toBe(401);

    // The later change's undo link, mailed to an address the owner does not hold, changes nothing now.
    const takenBack = await form(browser(), '/idp/email-undo', { token: takersUndo.searchParams.get('token')! });
    expect(takenBack.res.statusCode).toBe(400);
    // Nor does the owner's link a second time.
    expect((await form(browser(), '/idp/email-undo', { token: ownersUndo.searchParams.get('token')! })).res.statusCode).toBe(400);
    expect((await findLocalAccountByEmail(testApp.ctx.db, 'olga@example.com'))?.username).toBe('olga');
    await signIn(browser(), 'olga@example.com');
  });

  it(`does not lock the owner out after ${SIGN_IN_FAILURES_BEFORE_LOCK} wrong passwords from another client; that client alone is refused, and the owner is told`, async () => {
    const owner = browser();
    await signUp(owner, { email: 'pia@example.com', username: 'pia' });
    const stranger = browser();
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_LOCK; i++)
      expect((await tryPassword(stranger, 'pia@example.com', `guess-number-${i}`)).statusCode).toBe(401);
    await aMinuteLater();

    // The owner, on their own device, signs in with the right password.
    const laptop = browser();
    const signedIn = await tryPassword(laptop, 'pia@example.com', TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    await laptop.navigate(signedIn.json().redirectTo);
    expect((await me(laptop)).body.username).toBe('pia');

    // The guessing client is refused even the right password, and told so truthfully.
    const refused = await tryPassword(stranger, 'pia@example.com', TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/from this network for 15 more minutes.*Resetting your password/);
    await sendQueuedMail(testApp.ctx);
    expect((await mails()).some((m) => m.to === 'pia@example.com' && m.subject === 'Failed sign-ins to your SoleSwap account')).toBe(true);
  });

  it('lifts a lock when the password is reset', async () => {
    await signUp(browser(), { email: 'quinn@example.com', username: 'quinn' });
    const confirm = await lastLinkTo('quinn@example.com', 'Confirm your e-mail address for SoleSwap');
    await browser().navigate(confirm.pathname + confirm.search);
    const phone = browser();
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_LOCK; i++)
      expect((await tryPassword(phone, 'quinn@example.com', `mistyped-${i}`)).statusCode).toBe(401);
    await aMinuteLater();
    expect((await tryPassword(phone, 'quinn@example.com', TEST_PASSWORD)).statusCode).toBe(429);

    await askReset(phone, 'quinn@example.com');
    await sendQueuedMail(testApp.ctx);
    const link = await lastLinkTo('quinn@example.com', 'Reset your SoleSwap password');
    const reset = await form(phone, '/idp/reset-password', { token: link.searchParams.get('token')!, password: 'lantern-harbor-quiet-77' });
    expect(reset.res.body).toContain('Your password is changed');
    await aMinuteLater();
    const after = await tryPassword(phone, 'quinn@example.com', 'lantern-harbor-quiet-77');
    expect(after.statusCode).toBe(200);
  });

  it('queues a reset link instead of sending it in the request, alike for a known and an unknown address', async () => {
    await signUp(browser(), { email: 'rosa@example.com', username: 'rosa' });
    const queued = () =>
      testApp.ctx.db
        .select({ kind: jobs.kind, payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.kind, RESET_LINK_JOB), isNull(jobs.doneAt)));
    expect(await queued()).toEqual([]);
    const connectionsBefore = smtp.connections;
    const mailedBefore = smtp.mails.length;
    // A mail server that does not answer: a request that talked to it would not answer either.
    smtp.hold();
    try {
      const mailServerReached = smtp.nextConnection().then(() => 'the request talked to the mail server');
      for (const email of ['rosa@example.com', 'nobody-at-all@example.com']) {
        const answered = askReset(browser(), email).then(({ res }) => res);
        const first = await Promise.race([answered, mailServerReached]);
        expect(first).not.toBe('the request talked to the mail server');
        expect((await answered).statusCode).toBe(200);
      }
      expect(smtp.connections).toBe(connectionsBefore);
      // Both requests did the same: one queued job each, naming the address and nothing else.
      expect(await queued()).toEqual([
        { kind: RESET_LINK_JOB, payload: { email: 'rosa@example.com' } },
        { kind: RESET_LINK_JOB, payload: { email: 'nobody-at-all@example.com' } },
      ]);
    } finally {
      smtp.release();
    }
    // The worker sends the known address its link; the unknown one gets nothing.
    expect(await sendQueuedMail(testApp.ctx)).toBe(2);
    const sent = smtp.mails.slice(mailedBefore);
    expect(sent.map((m) => m.to)).toEqual([['rosa@example.com']]);
    expect(sent[0]!.text).toMatch(/\/idp\/reset-password\?token=/);
    expect(await queued()).toEqual([]);
  });

  it('sets one password when one reset link is submitted twice at once; the other use gets a clear 409', async () => {
    await signUp(browser(), { email: 'sten@example.com', username: 'sten' });
    const confirm = await lastLinkTo('sten@example.com', 'Confirm your e-mail address for SoleSwap');
    await browser().navigate(confirm.pathname + confirm.search);
    await askReset(browser(), 'sten@example.com');
    await sendQueuedMail(testApp.ctx);
    const token = (await lastLinkTo('sten@example.com', 'Reset your SoleSwap password')).searchParams.get('token')!;
    const passwords = ['first-racer-password-1', 'second-racer-password-2'];
    const answers = await Promise.all(passwords.map((password) => form(browser(), '/idp/reset-password', { token, password })));
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.res.statusCode === 409)!;
    expect(loser.res.body).toContain('This link was just used');
    const winner = passwords[answers.findIndex((a) => a.res.statusCode === 200)]!;
    const other = passwords.find((p) => p !== winner)!;
    expect((await tryPassword(browser(), 'sten@example.com', other)).statusCode).toBe(401);
    expect((await tryPassword(browser(), 'sten@example.com', winner)).statusCode).toBe(200);
  });

  it('asks a member who is not premium for their authenticator code at every sign-in once they enrolled it', async () => {
    let clock = Date.now();
    testApp.ctx.now = () => new Date(clock);
    const codeAt = (secret: string, at: number) => generateSync({ secret, epoch: Math.floor(at / 1000) });
    const first = browser();
    await signUp(first, { email: 'tove@example.com', username: 'tove' });
    expect((await me(first)).body.isPremiumMember).toBe(false);
    const setup = (await first.postJson('/api/two-factor/totp/setup', {})).res.json();
    expect((await first.postJson('/api/two-factor/totp/confirm', { code: codeAt(setup.secret, clock) })).res.statusCode).toBe(200);

    clock += MINUTE_MS;
    const fresh = browser();
    const { uid } = await openSignInPage(fresh);
    const password = await fresh.postJson(`/idp/interaction/${uid}/login`, { email: 'tove@example.com', password: TEST_PASSWORD });
    expect(password.res.statusCode).toBe(200);
    expect(password.res.json()).toEqual({ secondFactor: { totp: true, passkey: false } });
    // The password alone signs nobody in.
    expect((await me(fresh)).status).toBe(401);
    const code = await fresh.postJson(`/idp/interaction/${uid}/second-factor`, { code: codeAt(setup.secret, clock) });
    expect(code.res.statusCode).toBe(200);
    await fresh.navigate(code.res.json().redirectTo);
    expect((await me(fresh)).body.username).toBe('tove');
  });

  it('queues the lock notice as a job: the failed sign-in that locks waits for no mail server', async () => {
    await signUp(browser(), { email: 'uno@example.com', username: 'uno' });
    const guesser = browser();
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_LOCK; i++) expect((await tryPassword(guesser, 'uno@example.com', `guess-${i}`)).statusCode).toBe(401);
    const notices = await testApp.ctx.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, SEND_MAIL_JOB), isNull(jobs.doneAt)));
    expect(notices.map((n) => (n.payload as { to: string }).to)).toEqual(['uno@example.com']);
    await sendQueuedMail(testApp.ctx);
  });
});
