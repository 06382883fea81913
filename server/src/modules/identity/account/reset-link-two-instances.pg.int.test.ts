import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TestClient } from '../../../../test/test-app';
import { useTwoInstances } from '../../../../test/two-instances';
import { DEV_MAILBOX_PATH } from '../dev-mailbox';
import { TestBrowser } from '../test-browser';
import { sendQueuedMail } from '../test-mail-queue';
import { openSignInPage, signUp } from '../test-sign-in-flow';

/** Issue #39: one reset link, used on two instances at once, sets one password. */
describe('a reset link raced across two instances', () => {
  const instances = useTwoInstances();

  it('sets one password: one use answers 200, the other 409, and only the winner’s password signs in', async () => {
    const { instanceA, appB } = instances();
    const linkTo = async (subject: string) => {
      const mails: Array<{ to: string; subject: string; links: string[] }> = (await new TestClient(instanceA.app).get(`${DEV_MAILBOX_PATH}.json`))
        .body.mails;
      return new URL(mails.find((m) => m.to === 'vera@example.com' && m.subject === subject)!.links[0]!);
    };
    await signUp(new TestBrowser(instanceA.app, TEST_ORIGIN), { email: 'vera@example.com', username: 'vera' });
    const confirm = await linkTo('Confirm your e-mail address for SoleSwap');
    await new TestBrowser(instanceA.app, TEST_ORIGIN).navigate(confirm.pathname + confirm.search);
    await new TestBrowser(instanceA.app, TEST_ORIGIN).postJson('/idp/password-reset', { email: 'vera@example.com' });
    await sendQueuedMail(instanceA.ctx);
    const token = (await linkTo('Reset your SoleSwap password')).searchParams.get('token')!;

    const passwords = ['racer-on-instance-a-1', 'racer-on-instance-b-2'];
    const answers = await Promise.all(
      [instanceA.app, appB].map((app, i) =>
        new TestBrowser(app, TEST_ORIGIN).request('POST', '/idp/reset-password', new URLSearchParams({ token, password: passwords[i]! }).toString(), {
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        }),
      ),
    );
    expect(answers.map((a) => a.res.statusCode).sort()).toEqual([200, 409]);
    const winner = passwords[answers.findIndex((a) => a.res.statusCode === 200)]!;
    const loser = passwords.find((p) => p !== winner)!;
    const tryPassword = async (password: string) => {
      const b = new TestBrowser(appB, TEST_ORIGIN);
      const { uid } = await openSignInPage(b);
      return (await b.postJson(`/idp/interaction/${uid}/login`, { email: 'vera@example.com', password })).res.statusCode;
    };
    expect(await tryPassword(loser)).toBe(401);
    expect(await tryPassword(winner)).toBe(200);
  });
});
