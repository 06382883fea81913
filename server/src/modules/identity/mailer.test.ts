import { describe, expect, it } from 'vitest';
import { DevMailbox } from './dev-mailbox';
import { createMailer, readableMail } from './mailer';

const LINK = 'http://localhost:5000/idp/confirm-email?token=abc.def&x=1';
const message = {
  to: 'new@example.com',
  subject: 'Confirm your e-mail address for SoleSwap',
  text: `Hi new,\n\nOpen this link:\n${LINK}\n`,
  html: '',
};

describe('mail outside production, without SMTP_URL', () => {
  it('prints the message as plain text, its link on a line of its own and unescaped', () => {
    const printed = readableMail(message);
    expect(printed.split('\n')).toContain(LINK);
    expect(printed).toContain('To:      new@example.com');
    expect(printed).not.toContain('\\n');
    expect(printed).not.toContain('&amp;');
  });

  it('keeps every message in the mailbox, newest first, with its links', async () => {
    const mailbox = new DevMailbox();
    const silent = { info() {}, warn() {} } as never;
    const mailer = createMailer({ NODE_ENV: 'test', APP_ORIGIN: 'http://localhost:5000', SMTP_FROM: 'x <x@x.x>' }, silent, { mailbox });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'later@example.com', subject: 'Reset your password', text: 'No link here' });
    expect(mailbox.list().map((m) => [m.to, m.links])).toEqual([
      ['later@example.com', []],
      ['new@example.com', [LINK]],
    ]);
  });
});
