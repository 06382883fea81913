import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { makePremiumMember } from '../../../test/factories';
import { TEST_ORIGIN, TestClient, useTestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from '../identity/dev-mailbox';
import { TestBrowser } from '../identity/test-browser';
import { me, signUp } from '../identity/test-sign-in-flow';

/**
 * Issue #39: $1 bought the VERIFIED tag. It means a verified member (decisions §14): premium, a
 * confirmed e-mail address and a second factor, all three, judged by the server.
 */
describe('the VERIFIED tag', () => {
  const testApp = useTestApp();
  const browser = () => new TestBrowser(testApp().app, TEST_ORIGIN);
  const profileAs = async (viewer: TestBrowser, id: string) => (await viewer.request('GET', `/api/users/${id}`)).res.json();
  const confirmAddress = async (email: string) => {
    const mails: Array<{ to: string; subject: string; links: string[] }> = (await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body
      .mails;
    const link = new URL(mails.find((m) => m.to === email && m.subject === 'Confirm your e-mail address for SoleSwap')!.links[0]!);
    await browser().navigate(link.pathname + link.search);
  };
  const enrolTotp = async (b: TestBrowser) => {
    const setup = (await b.postJson('/api/two-factor/totp/setup', {})).res.json();
    const code = generateSync({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await b.postJson('/api/two-factor/totp/confirm', { code })).res.statusCode).toBe(200);
  };

  it('is not bought with premium alone: it needs a confirmed e-mail and a second factor too, and only the member is told what is missing', async () => {
    const wren = browser();
    await signUp(wren, { email: 'wren@example.com', username: 'wren' });
    const id = (await me(wren)).body.id as string;
    const stranger = browser();
    await signUp(stranger, { email: 'xeno@example.com', username: 'xeno' });

    await makePremiumMember(testApp().ctx, id, new Date());
    expect((await me(wren)).body).toMatchObject({
      isPremiumMember: true,
      verifiedMember: { isVerified: false, missing: ['confirmed-email', 'second-factor'] },
    });
    expect((await profileAs(stranger, id)).verifiedMember).toEqual({ isVerified: false, missing: null });

    await confirmAddress('wren@example.com');
    expect((await me(wren)).body.verifiedMember).toEqual({ isVerified: false, missing: ['second-factor'] });
    expect((await profileAs(stranger, id)).verifiedMember).toEqual({ isVerified: false, missing: null });

    await enrolTotp(wren);
    expect((await me(wren)).body.verifiedMember).toEqual({ isVerified: true, missing: [] });
    expect((await profileAs(stranger, id)).verifiedMember).toEqual({ isVerified: true, missing: null });
    expect((await profileAs(browser(), id)).verifiedMember).toEqual({ isVerified: true, missing: null });
  });

  it('is not on a member with a confirmed e-mail and a second factor who is not premium', async () => {
    const yuri = browser();
    await signUp(yuri, { email: 'yuri@example.com', username: 'yuri' });
    await confirmAddress('yuri@example.com');
    await enrolTotp(yuri);
    const self = (await me(yuri)).body;
    expect(self.verifiedMember).toEqual({ isVerified: false, missing: ['premium'] });
    expect((await profileAs(browser(), self.id)).verifiedMember).toEqual({ isVerified: false, missing: null });
  });
});
