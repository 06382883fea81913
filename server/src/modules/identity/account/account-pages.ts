import { PASSWORD_MIN } from '@soleswap/contracts/identity';
import { RESET_LINK_MINUTES } from '@soleswap/contracts/account';
import { escapeHtml, page } from '../provider-pages';
import type { EmailChangeOutcome } from './account-settings';
import type { ResetOutcome } from './password-reset';

/* The embedded provider's pages of the account links (reset, e-mail change, undo), server-rendered: no script needed. */

type Html = { status: number; html: string };
const HOME = '<a class="button" href="/">Continue to SoleSwap</a>';
const SIGN_IN = '<a class="button" href="/api/login">Sign in</a>';
const inputStyle =
  'display:block;width:100%;box-sizing:border-box;margin:.4rem 0 1rem;padding:.6rem;border-radius:.6rem;border:1px solid #2e2e35;background:#0c0c0e;color:inherit;font:inherit';

/** The form a reset link opens; `problem` is the last try's refusal. */
export function resetFormPage(action: string, token: string, problem?: string): Html {
  const error = problem ? `<p role="alert" style="color:#ff7847">${escapeHtml(problem)}</p>` : '';
  return {
    status: problem ? 400 : 200,
    html: page(
      'Choose a new password',
      `<h1>Choose a new password</h1><p>At least ${PASSWORD_MIN} characters. Every session of the account is signed out.</p>${error}` +
        `<form method="post" action="${escapeHtml(action)}" style="text-align:left"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
        `<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" style="${inputStyle}">` +
        '<button type="submit">Set new password</button></form>',
    ),
  };
}

const LINK_PAGES = {
  reset: {
    status: 200,
    title: 'Password changed',
    body: '<h1>Your password is changed</h1><p>Every session of your account was signed out. Sign in with the new password.</p>' + SIGN_IN,
  },
  claimed: {
    status: 200,
    title: 'Address claimed',
    body:
      '<h1>The address is yours now</h1><p>Someone had signed up with your address without confirming it: that account no longer has it, and its sessions are ended. ' +
      'A new account with your address and this password is ready; sign in and pick your username on your profile.</p>' +
      SIGN_IN,
  },
  expired: {
    status: 410,
    title: 'Link expired',
    body: `<h1>This link has expired</h1><p>Reset links work for ${RESET_LINK_MINUTES} minutes and e-mail links for a few days. Ask for a new one.</p>${SIGN_IN}`,
  },
  used: {
    status: 409,
    title: 'Link already used',
    body: `<h1>This link was just used</h1><p>Another use of the same link set the password a moment ago, so this one changed nothing. Sign in with that password, or ask for a new link.</p>${SIGN_IN}`,
  },
  invalid: {
    status: 400,
    title: 'Link not valid',
    body: `<h1>This link does not work</h1><p>It was used already, or it is cut off, or the account changed since it was sent.</p>${SIGN_IN}`,
  },
  changed: {
    status: 200,
    title: 'E-mail changed',
    body: `<h1>Your new e-mail address is confirmed</h1><p>We told your old address, which can undo the change for a week.</p>${HOME}`,
  },
  undone: {
    status: 200,
    title: 'Change undone',
    body: `<h1>Your old e-mail address is back</h1><p>Every session of the account is signed out. If you did not change it yourself, choose a new password with "Forgot password" on the sign-in page.</p>${SIGN_IN}`,
  },
  taken: { status: 409, title: 'Address taken', body: `<h1>Another account has this address now</h1><p>The change could not be made.</p>${HOME}` },
} as const;

export function linkOutcomePage(outcome: Exclude<ResetOutcome['kind'], 'weak'> | EmailChangeOutcome): Html {
  const { status, title, body } = LINK_PAGES[outcome];
  return { status, html: page(title, body) };
}

/** An undo link asks for a press of a button first: mail scanners open links, and must not undo anything. */
export function undoConfirmPage(action: string, token: string): Html {
  return {
    status: 200,
    html: page(
      'Undo e-mail change',
      '<h1>Undo the change of e-mail address?</h1><p>Your old address comes back and every session of the account is signed out.</p>' +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Undo the change</button></form>`,
    ),
  };
}
