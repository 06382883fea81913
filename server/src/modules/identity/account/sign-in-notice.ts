import UAParser from 'ua-parser-js';
import type { AppContext } from '../../../context';
import type { Mailer } from '../mailer';
import { coarsePlace } from './account-sessions';
import { hasKnownDevices, rememberDevice } from './known-devices.repository';
import { escapeHtml } from './sign-in-guard';

/** Browser, system and device type from a User-Agent (for telling the member, never for deciding). */
function browserOf(userAgent: string) {
  const parsed = new UAParser(userAgent).getResult();
  return { browser: parsed.browser.name ?? 'Unknown browser', os: parsed.os.name ?? 'unknown system', type: parsed.device.type ?? 'desktop' };
}

/** "Firefox on Windows", as the member is told about a sign-in. */
export function describeBrowser(userAgent: string): string {
  const { browser, os } = browserOf(userAgent);
  return `${browser} on ${os}`;
}

/** True when the member never signed in with any browser before (their sign-up is happening). */
export async function isFirstSignIn(ctx: AppContext, userId: string): Promise<boolean> {
  return !(await hasKnownDevices(ctx.db, userId));
}

/**
 * Tells a member about a sign-in from a browser they never signed in with before (browser, system
 * and device type), in the bell and by e-mail (through SMTP_URL when set, and the development
 * mailbox). A member's very first sign-in is not news and tells nothing.
 */
export async function noticeSignIn(
  ctx: AppContext,
  mailer: Mailer,
  { userId, email, userAgent, ip }: { userId: string; email: string | null; userAgent: string; ip: string },
) {
  const { browser, os, type } = browserOf(userAgent);
  const hadDevices = await hasKnownDevices(ctx.db, userId);
  const isNew = await rememberDevice(ctx.db, userId, `${browser}|${os}|${type}`, ctx.now());
  if (!isNew || !hadDevices) return;
  const device = describeBrowser(userAgent);
  const place = coarsePlace(ip) ?? undefined;
  // The bell is the notifications module's: it hears this event (identity never imports it).
  ctx.events.emit('user.signedInFromNewDevice', { userId, device, ...(place ? { place } : {}) });
  if (!email) return;
  const where = place ? ` from ${place}` : '';
  const page = `${ctx.env.APP_ORIGIN}/settings/security`;
  await mailer.send({
    to: email,
    subject: 'New sign-in to your SoleSwap account',
    text: [
      `Your SoleSwap account was signed in with ${device}${where}, a browser it was not used with before.`,
      `If it was not you, sign that session out and change your password: ${page}`,
    ].join('\n'),
    html: `<p>Your SoleSwap account was signed in with ${escapeHtml(device)}${escapeHtml(where)}, a browser it was not used with before.</p><p>If it was not you, <a href="${escapeHtml(page)}">sign that session out and change your password</a>.</p>`,
  });
}
