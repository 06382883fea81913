import { HOUR_MS, MINUTE_MS } from '@soleswap/contracts/time';
import { randomUUID } from 'node:crypto';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSneaker, makePremiumMember } from '../../../test/factories';
import { signIn, TEST_ORIGIN, TestClient, useTestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from './dev-mailbox';
import { TestBrowser } from './test-browser';
import { sendQueuedMail } from './test-mail-queue';
import { me, openSignInPage, signUp, TEST_PASSWORD } from './test-sign-in-flow';

const ADDRESS = { name: 'Test Member', line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' } as const;

/**
 * Premium's Enhanced Security (decisions §14, issue #39): step-up on every money and address action
 * whatever the amount, and a sign-in from a new device confirmed by an e-mail link before that
 * session may move money or change addresses. Members who are not premium keep the value rule.
 */
describe("premium's Enhanced Security", () => {
  const testApp = useTestApp();
  let clock = Date.now();
  const setClock = (at: number) => {
    clock = at;
    testApp().ctx.now = () => new Date(clock);
  };
  afterEach(() => {
    testApp().ctx.now = () => new Date();
  });
  const codeAt = (secret: string, at: number) => generateSync({ secret, epoch: Math.floor(at / 1000) });
  const member = () => signIn(testApp().app, { email: `es-${randomUUID()}@example.com` });

  /** Enrols TOTP now; the enrolment counts as a step-up, so the clock moves past its 10 minutes. */
  async function enrolTotp(client: TestClient): Promise<string> {
    const setup = await client.post('/api/two-factor/totp/setup');
    expect((await client.post('/api/two-factor/totp/confirm', { code: codeAt(setup.body.secret, clock) })).status).toBe(200);
    setClock(clock + 11 * MINUTE_MS);
    return setup.body.secret as string;
  }

  /** A proposal of two pairs worth $1 each: far under the $200 step-up of members who are not premium. */
  async function oneDollarProposal(proposer: TestClient & { user: { id: string } }) {
    const receiver = await member();
    const mine = await buildSneaker(testApp().ctx, { userId: proposer.user.id, estimatedValue: '1.00' });
    const theirs = await buildSneaker(testApp().ctx, { userId: receiver.user.id, estimatedValue: '1.00' });
    return { receiverId: receiver.user.id, proposerSneakerIds: [mine.id], receiverSneakerIds: [theirs.id] };
  }

  describe('step-up on every money and address action', () => {
    it('asks a premium member with a second factor for it before a $1 proposal and before adding an address; nothing changes until then', async () => {
      setClock(Date.now());
      const ann = await member();
      const secret = await enrolTotp(ann);
      await makePremiumMember(testApp().ctx, ann.user.id, new Date(clock));

      const proposal = await oneDollarProposal(ann);
      const refused = await ann.post('/api/trades', proposal);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('STEP_UP_REQUIRED');
      const address = await ann.post('/api/addresses', ADDRESS);
      expect(address.status).toBe(403);
      expect(address.body.code).toBe('STEP_UP_REQUIRED');
      expect((await ann.get('/api/trades')).body).toHaveLength(0);
      expect((await ann.get('/api/addresses')).body.items).toHaveLength(0);

      expect((await ann.post('/api/two-factor/verify', { code: codeAt(secret, clock) })).status).toBe(200);
      expect((await ann.post('/api/trades', proposal)).status).toBe(201);
      expect((await ann.post('/api/addresses', ADDRESS)).status).toBe(201);
    });

    it('lets a member who is not premium propose the same $1 trade and add an address without a step-up', async () => {
      setClock(Date.now());
      const ben = await member();
      await enrolTotp(ben);
      expect((await ben.post('/api/trades', await oneDollarProposal(ben))).status).toBe(201);
      expect((await ben.post('/api/addresses', ADDRESS)).status).toBe(201);
    });

    it('tells a premium member without a second factor to add one: SECOND_FACTOR_REQUIRED, and nothing changes', async () => {
      setClock(Date.now());
      const cleo = await member();
      await makePremiumMember(testApp().ctx, cleo.user.id, new Date(clock));
      const address = await cleo.post('/api/addresses', ADDRESS);
      expect(address.status).toBe(403);
      expect(address.body.code).toBe('SECOND_FACTOR_REQUIRED');
      expect(address.body.message).toContain('Settings → Security');
      const withdrawal = await cleo.post('/api/wallet/withdrawals', { amountCents: 100 });
      expect(withdrawal.body.code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await cleo.get('/api/addresses')).body.items).toHaveLength(0);
    });
  });

  describe('a sign-in from a new device', () => {
    const mails = async (to: string): Promise<Array<{ to: string; text: string }>> =>
      ((await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails as Array<{ to: string; text: string }>).filter(
        (m) => m.to === to,
      );
    const deviceLinkOf = async (to: string) => {
      await sendQueuedMail(testApp().ctx);
      const mail = (await mails(to)).find((m) => m.text.includes('/api/auth/confirm-device?token='));
      return new URL(/(http\S+confirm-device\?token=\S+)/.exec(mail?.text ?? '')![1]!).searchParams.get('token')!;
    };
    const confirm = (token: string) =>
      new TestClient(testApp().app).post('/api/auth/confirm-device', { token }, { origin: TEST_ORIGIN, 'content-type': 'application/json' });

    /** A premium member with an authenticator, signed up in one browser; answers their e-mail and secret. */
    async function premiumWithTotp() {
      const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
      const first = new TestBrowser(testApp().app, TEST_ORIGIN);
      await signUp(first, { email, username: `dv${randomUUID().slice(0, 8)}` });
      const setup = (await first.postJson('/api/two-factor/totp/setup', {})).res.json();
      expect((await first.postJson('/api/two-factor/totp/confirm', { code: codeAt(setup.secret, clock) })).res.statusCode).toBe(200);
      await makePremiumMember(testApp().ctx, (await me(first)).body.id as string, new Date(clock));
      return { email, secret: setup.secret as string, first };
    }

    /** Signs in with password and code in `browser`, then steps up in the new session, so only the device rule can refuse. */
    async function signInWithCode(browser: TestBrowser, email: string, secret: string) {
      setClock(clock + MINUTE_MS);
      const { uid } = await openSignInPage(browser);
      expect((await browser.postJson(`/idp/interaction/${uid}/login`, { email, password: TEST_PASSWORD })).res.statusCode).toBe(200);
      const code = await browser.postJson(`/idp/interaction/${uid}/second-factor`, { code: codeAt(secret, clock) });
      expect(code.res.statusCode).toBe(200);
      await browser.navigate(code.res.json().redirectTo);
      setClock(clock + MINUTE_MS);
      expect((await browser.postJson('/api/two-factor/verify', { code: codeAt(secret, clock) })).res.statusCode).toBe(200);
    }

    it('refuses that session money and address actions until the e-mailed link is opened; reads work; a known device needs no link', async () => {
      setClock(Date.now());
      const { email, secret } = await premiumWithTotp();
      const phone = new TestBrowser(testApp().app, TEST_ORIGIN);
      await signInWithCode(phone, email, secret);

      expect((await phone.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: true });
      const address = await phone.postJson('/api/addresses', ADDRESS);
      expect(address.res.statusCode).toBe(403);
      expect(address.res.json().code).toBe('DEVICE_UNCONFIRMED');
      expect(address.res.json().message).toMatch(/Confirm this sign-in from the link we e-mailed you/);
      const withdrawal = await phone.postJson('/api/wallet/withdrawals', { amountCents: 100 });
      expect(withdrawal.res.statusCode).toBe(403);
      expect(withdrawal.res.json().code).toBe('DEVICE_UNCONFIRMED');
      const addresses = await phone.request('GET', '/api/addresses');
      expect(addresses.res.statusCode).toBe(200);
      expect(addresses.res.json().items).toHaveLength(0);

      const token = await deviceLinkOf(email);
      // The link opens a page with a button (mail scanners open links): opening it confirms nothing.
      const page = await new TestBrowser(testApp().app, TEST_ORIGIN).navigate(`/api/auth/confirm-device?token=${token}`);
      expect(page.res.body).toContain('It was me: confirm');
      expect((await phone.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: true });

      const confirmed = await confirm(token);
      expect(confirmed.status).toBe(200);
      expect((await phone.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: false });
      expect((await phone.postJson('/api/addresses', ADDRESS)).res.statusCode).toBe(201);

      // The same browser signs in again (the provider still knows it, so no form): a known device, no new link.
      await phone.postJson('/api/logout', {});
      expect((await me(phone)).status).toBe(401);
      await sendQueuedMail(testApp().ctx);
      const linksBefore = (await mails(email)).filter((m) => m.text.includes('confirm-device')).length;
      await phone.navigate('/api/login');
      expect((await me(phone)).body.email).toBe(email);
      expect((await phone.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: false });
      await sendQueuedMail(testApp().ctx);
      expect((await mails(email)).filter((m) => m.text.includes('confirm-device')).length).toBe(linksBefore);
    });

    it('refuses a bad token, a link replaced by a resend and a link past its 24 hours with 400 DEVICE_LINK_INVALID', async () => {
      setClock(Date.now());
      const { email, secret } = await premiumWithTotp();
      const laptop = new TestBrowser(testApp().app, TEST_ORIGIN);
      await signInWithCode(laptop, email, secret);
      const first = await deviceLinkOf(email);

      const bad = await confirm('not-a-token');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('DEVICE_LINK_INVALID');

      expect((await laptop.postJson('/api/auth/device-confirmation/resend', {})).res.statusCode).toBe(202);
      const second = await deviceLinkOf(email);
      expect(second).not.toBe(first);
      const replaced = await confirm(first);
      expect(replaced.status).toBe(400);
      expect(replaced.body.code).toBe('DEVICE_LINK_INVALID');
      expect((await laptop.postJson('/api/addresses', ADDRESS)).res.json().code).toBe('DEVICE_UNCONFIRMED');

      setClock(clock + 25 * HOUR_MS);
      const late = await confirm(second);
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('DEVICE_LINK_INVALID');
      expect((await laptop.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: true });
    });

    it('asks nothing of a member who is not premium signing in from a new device', async () => {
      setClock(Date.now());
      const email = `np-${randomUUID().slice(0, 8)}@example.com`;
      await signUp(new TestBrowser(testApp().app, TEST_ORIGIN), { email, username: `np${randomUUID().slice(0, 8)}` });
      const other = new TestBrowser(testApp().app, TEST_ORIGIN);
      const { uid } = await openSignInPage(other);
      const login = await other.postJson(`/idp/interaction/${uid}/login`, { email, password: TEST_PASSWORD });
      await other.navigate(login.res.json().redirectTo);
      expect((await other.request('GET', '/api/auth/device-confirmation')).res.json()).toEqual({ unconfirmed: false });
      expect((await other.postJson('/api/addresses', ADDRESS)).res.statusCode).toBe(201);
    });
  });
});
