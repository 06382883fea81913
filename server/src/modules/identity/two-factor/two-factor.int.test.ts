import { MINUTE_MS } from '@soleswap/contracts/time';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSneaker, buildTrade, makePremiumMember } from '../../../../test/factories';
import { signIn, TEST_ORIGIN, useTestApp, type TestClient } from '../../../../test/test-app';
import { memberRecoveryCodes, trades } from '../../../db/schema/index';
import { TestBrowser } from '../test-browser';
import { me, openSignInPage, signUp } from '../test-sign-in-flow';
import { TestAuthenticator } from './test-authenticator';

/** Issue #32 part 2: TOTP with recovery codes, passkeys, and the step-up they give. */
describe('two factors and step-up', () => {
  const testApp = useTestApp();
  // The server's clock, moved by the tests (codes belong to 30-second steps; step-up lasts 10 minutes).
  let clock = Date.now();
  const setClock = (at: number) => {
    clock = at;
    testApp().ctx.now = () => new Date(clock);
  };
  afterEach(() => {
    testApp().ctx.now = () => new Date();
  });

  const member = () => signIn(testApp().app, { email: `member-${randomUUID()}@example.com` });
  const codeAt = (secret: string, at: number) => generateSync({ secret, epoch: Math.floor(at / 1000) });

  /** Enrols TOTP at the current clock; answers the secret and the recovery codes. */
  async function enrolTotp(client: TestClient) {
    const setup = await client.post('/api/two-factor/totp/setup');
    expect(setup.status).toBe(200);
    const confirmed = await client.post('/api/two-factor/totp/confirm', { code: codeAt(setup.body.secret, clock) });
    expect(confirmed.status).toBe(200);
    return { secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  it('enrols TOTP: a QR code to scan, a first code confirms it, ten recovery codes shown once and stored hashed', async () => {
    setClock(Date.now());
    const ann = await member();
    const setup = await ann.post('/api/two-factor/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/SoleSwap:.*secret=/);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Not on until a code matches.
    expect((await ann.get('/api/two-factor')).body.totp).toBe(false);

    const confirmed = await ann.post('/api/two-factor/totp/confirm', { code: codeAt(setup.body.secret, clock) });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = await ann.get('/api/two-factor');
    expect(status.body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(setup.body.secret);

    const stored = await testApp().ctx.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, ann.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.codeHash.includes(c) || row.codeHash.includes(c.replace('-', '')))).toBe(false);
  });

  it('refuses a wrong code at enrolment and leaves TOTP off', async () => {
    setClock(Date.now());
    const ann = await member();
    const setup = await ann.post('/api/two-factor/totp/setup');
    const right = codeAt(setup.body.secret, clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await ann.post('/api/two-factor/totp/confirm', { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SECOND_FACTOR_INVALID');
    expect((await ann.get('/api/two-factor')).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  it('step-up: a wrong code is refused, the right one makes the session recent, the same code twice is refused', async () => {
    setClock(Date.now());
    const ann = await member();
    const { secret } = await enrolTotp(ann);
    setClock(clock + 20 * MINUTE_MS);
    expect((await ann.get('/api/two-factor')).body.recentUntil).toBeNull();

    const wrong = await ann.post('/api/two-factor/verify', { code: '000000' === codeAt(secret, clock) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('SECOND_FACTOR_INVALID');
    expect((await ann.get('/api/two-factor')).body.recentUntil).toBeNull();

    const code = codeAt(secret, clock);
    const ok = await ann.post('/api/two-factor/verify', { code });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.recentUntil)).toBe(clock + 10 * MINUTE_MS);

    // The same code again (someone who watched it typed): refused, a code counts once.
    const again = await ann.post('/api/two-factor/verify', { code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('SECOND_FACTOR_INVALID');
  });

  it('a recovery code works once; used again it is refused', async () => {
    setClock(Date.now());
    const ann = await member();
    const { recoveryCodes } = await enrolTotp(ann);
    const first = await ann.post('/api/two-factor/verify', { code: recoveryCodes[3]!.toUpperCase() });
    expect(first.status).toBe(200);
    expect(first.body.recoveryCodesLeft).toBe(9);
    const reused = await ann.post('/api/two-factor/verify', { code: recoveryCodes[3] });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('SECOND_FACTOR_INVALID');
    expect((await ann.get('/api/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('removing TOTP needs a second factor from the last 10 minutes', async () => {
    setClock(Date.now());
    const ann = await member();
    const { secret } = await enrolTotp(ann);
    setClock(clock + 11 * MINUTE_MS);
    const refused = await ann.delete('/api/two-factor/totp');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect((await ann.get('/api/two-factor')).body.totp).toBe(true);
    // Nor may a second secret be set up over it, or a passkey added, without the factor.
    expect((await ann.post('/api/two-factor/passkeys/registration-options')).body.code).toBe('STEP_UP_REQUIRED');

    expect((await ann.post('/api/two-factor/verify', { code: codeAt(secret, clock) })).status).toBe(200);
    const removed = await ann.delete('/api/two-factor/totp');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  describe('step-up before a high-value trade', () => {
    /** Ben proposes Ann a trade whose sides are worth `dollars` each; Ann has TOTP. */
    async function scene(dollars: string) {
      const ann = await member();
      const ben = await member();
      const annPair = await buildSneaker(testApp().ctx, { userId: ann.user.id, estimatedValue: dollars });
      const benPair = await buildSneaker(testApp().ctx, { userId: ben.user.id, estimatedValue: dollars });
      const trade = await buildTrade(testApp().ctx, {
        proposerId: ben.user.id,
        receiverId: ann.user.id,
        proposerSneakerIds: [benPair.id],
        receiverSneakerIds: [annPair.id],
      });
      return { ann, ben, annPair, benPair, trade };
    }
    const statusOf = async (id: number) => (await testApp().ctx.db.select().from(trades).where(eq(trades.id, id)))[0]!.status;

    it('refuses the acceptance with STEP_UP_REQUIRED and leaves the trade pending; after a code it goes through', async () => {
      setClock(Date.now());
      const { ann, trade } = await scene('450.00');
      const { secret } = await enrolTotp(ann);
      setClock(clock + 11 * MINUTE_MS);
      const refused = await ann.post(`/api/trades/${trade.id}/accept`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('STEP_UP_REQUIRED');
      expect(await statusOf(trade.id)).toBe('pending');

      expect((await ann.post('/api/two-factor/verify', { code: codeAt(secret, clock) })).status).toBe(200);
      const accepted = await ann.post(`/api/trades/${trade.id}/accept`, {});
      expect(accepted.status).toBe(200);
      expect(await statusOf(trade.id)).toBe('accepted');
    });

    it('refuses a high-value proposal without a recent factor and creates nothing', async () => {
      setClock(Date.now());
      const { ann, ben, annPair, benPair } = await scene('450.00');
      await enrolTotp(ben);
      setClock(clock + 11 * MINUTE_MS);
      const refused = await ben.post('/api/trades', { receiverId: ann.user.id, proposerSneakerIds: [benPair.id], receiverSneakerIds: [annPair.id] });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('STEP_UP_REQUIRED');
      const bensTrades = await testApp().ctx.db.select().from(trades).where(eq(trades.proposerId, ben.user.id));
      expect(bensTrades).toHaveLength(1);
    });

    it('does not ask for a trade under the threshold, nor a member without a second factor', async () => {
      setClock(Date.now());
      const cheap = await scene('150.00');
      await enrolTotp(cheap.ann);
      setClock(clock + 11 * MINUTE_MS);
      expect((await cheap.ann.post(`/api/trades/${cheap.trade.id}/accept`, {})).status).toBe(200);

      const dear = await scene('900.00');
      expect((await dear.ann.post(`/api/trades/${dear.trade.id}/accept`, {})).status).toBe(200);
    });
  });

  it('passkeys: added as a second factor, step-up with one, a forged answer refused, removal needs it recent', async () => {
    setClock(Date.now());
    const ann = await member();
    const key = new TestAuthenticator(TEST_ORIGIN);
    const options = await ann.post('/api/two-factor/passkeys/registration-options');
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe(new URL(TEST_ORIGIN).hostname);
    const created = await ann.post('/api/two-factor/passkeys', { name: 'Laptop', response: key.register(options.body) });
    expect(created.status).toBe(201);
    expect(created.body.passkeys).toEqual([expect.objectContaining({ id: key.id, name: 'Laptop' })]);

    setClock(clock + 11 * MINUTE_MS);
    const refused = await ann.delete(`/api/two-factor/passkeys/${key.id}`);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');

    // A passkey answer signed by another key does not verify.
    const forger = new TestAuthenticator(TEST_ORIGIN);
    const challenge1 = await ann.post('/api/two-factor/passkeys/authentication-options');
    const forged = key.authenticate(challenge1.body, { key: (forger as unknown as { keys: { privateKey: never } }).keys.privateKey });
    const bad = await ann.post('/api/two-factor/passkeys/verify', { response: forged });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SECOND_FACTOR_INVALID');

    const challenge2 = await ann.post('/api/two-factor/passkeys/authentication-options');
    const ok = await ann.post('/api/two-factor/passkeys/verify', { response: key.authenticate(challenge2.body) });
    expect(ok.status).toBe(200);
    expect(ok.body.recentUntil).not.toBeNull();
    // The challenge was single use.
    const replay = await ann.post('/api/two-factor/passkeys/verify', { response: key.authenticate(challenge2.body) });
    expect(replay.body.code).toBe('SECOND_FACTOR_INVALID');

    const removed = await ann.delete(`/api/two-factor/passkeys/${key.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.passkeys).toEqual([]);
  });

  it('signs in with a passkey on the embedded provider’s sign-in page, without a password', async () => {
    setClock(Date.now());
    const email = `passkey-${randomUUID().slice(0, 8)}@example.com`;
    const first = new TestBrowser(testApp().app, TEST_ORIGIN);
    await signUp(first, { email, username: `pk${randomUUID().slice(0, 8)}` });
    const key = new TestAuthenticator(TEST_ORIGIN);
    const options = await first.postJson('/api/two-factor/passkeys/registration-options', {});
    expect(options.res.statusCode).toBe(200);
    const created = await first.postJson('/api/two-factor/passkeys', { response: key.register(options.res.json()) });
    expect(created.res.statusCode).toBe(201);

    const other = new TestBrowser(testApp().app, TEST_ORIGIN);
    const { uid } = await openSignInPage(other);
    const stranger = new TestAuthenticator(TEST_ORIGIN);
    const strangerOptions = await other.postJson(`/idp/interaction/${uid}/passkey/options`, {});
    const unknown = await other.postJson(`/idp/interaction/${uid}/passkey`, { response: stranger.authenticate(strangerOptions.res.json()) });
    expect(unknown.res.statusCode).toBe(400);
    expect((await me(other)).status).toBe(401);

    const signInOptions = await other.postJson(`/idp/interaction/${uid}/passkey/options`, {});
    const answer = await other.postJson(`/idp/interaction/${uid}/passkey`, { response: key.authenticate(signInOptions.res.json()) });
    expect(answer.res.statusCode).toBe(200);
    await other.navigate(answer.res.json().redirectTo);
    const signedIn = await me(other);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
  });

  it('Premium’s every-sign-in rule: the password is followed by the code; a wrong code signs nobody in', async () => {
    setClock(Date.now());
    const email = `rule-${randomUUID().slice(0, 8)}@example.com`;
    const first = new TestBrowser(testApp().app, TEST_ORIGIN);
    await signUp(first, { email, username: `rl${randomUUID().slice(0, 8)}` });
    const setup = (await first.postJson('/api/two-factor/totp/setup', {})).res.json();
    expect((await first.postJson('/api/two-factor/totp/confirm', { code: codeAt(setup.secret, clock) })).res.statusCode).toBe(200);
    const rule = (body: unknown) =>
      first.request('PUT', '/api/two-factor/sign-in-rule', body, { origin: TEST_ORIGIN, 'content-type': 'application/json' });

    const notPremium = await rule({ everySignIn: true });
    expect(notPremium.res.statusCode).toBe(403);
    expect(notPremium.res.json().code).toBe('FORBIDDEN');
    const userId = (await me(first)).body.id as string;
    await makePremiumMember(testApp().ctx, userId, new Date());
    expect((await rule({ everySignIn: true })).res.json().everySignIn).toBe(true);

    setClock(clock + MINUTE_MS);
    const other = new TestBrowser(testApp().app, TEST_ORIGIN);
    const { uid } = await openSignInPage(other);
    const password = await other.postJson(`/idp/interaction/${uid}/login`, { email, password: 'velvet-orbit-canal-42' });
    expect(password.res.statusCode).toBe(200);
    expect(password.res.json()).toEqual({ secondFactor: { totp: true, passkey: false } });
    const wrong = await other.postJson(`/idp/interaction/${uid}/second-factor`, {
      code: '123456' === codeAt(setup.secret, clock) ? '654321' : '123456',
    });
    expect(wrong.res.statusCode).toBe(400);
    expect((await me(other)).status).toBe(401);
    const right = await other.postJson(`/idp/interaction/${uid}/second-factor`, { code: codeAt(setup.secret, clock) });
    expect(right.res.statusCode).toBe(200);
    await other.navigate(right.res.json().redirectTo);
    expect((await me(other)).body.email).toBe(email);
  });

  it('locks the code step of an account after 5 wrong codes, the right code included, from any address', async () => {
    setClock(Date.now());
    const email = `lock-${randomUUID().slice(0, 8)}@example.com`;
    const first = new TestBrowser(testApp().app, TEST_ORIGIN);
    await signUp(first, { email, username: `lk${randomUUID().slice(0, 8)}` });
    const setup = (await first.postJson('/api/two-factor/totp/setup', {})).res.json();
    expect((await first.postJson('/api/two-factor/totp/confirm', { code: codeAt(setup.secret, clock) })).res.statusCode).toBe(200);
    await makePremiumMember(testApp().ctx, (await me(first)).body.id as string, new Date());
    await first.request('PUT', '/api/two-factor/sign-in-rule', { everySignIn: true }, { origin: TEST_ORIGIN, 'content-type': 'application/json' });

    setClock(clock + MINUTE_MS);
    const wrongCode = '123456' === codeAt(setup.secret, clock) ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) {
      const attacker = new TestBrowser(testApp().app, TEST_ORIGIN);
      const { uid } = await openSignInPage(attacker);
      expect((await attacker.postJson(`/idp/interaction/${uid}/login`, { email, password: 'velvet-orbit-canal-42' })).res.statusCode).toBe(200);
      expect((await attacker.postJson(`/idp/interaction/${uid}/second-factor`, { code: wrongCode })).res.statusCode).toBe(400);
    }
    const owner = new TestBrowser(testApp().app, TEST_ORIGIN);
    const { uid } = await openSignInPage(owner);
    await owner.postJson(`/idp/interaction/${uid}/login`, { email, password: 'velvet-orbit-canal-42' });
    const locked = await owner.postJson(`/idp/interaction/${uid}/second-factor`, { code: codeAt(setup.secret, clock) });
    expect(locked.res.statusCode).toBe(429);
    expect(locked.res.json().code).toBe('RATE_LIMITED');
    expect((await me(owner)).status).toBe(401);
  });
});
