import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';

/*
 * The few HTML pages the embedded provider renders itself (the sign-in page is the web app's).
 * Colours are the app's tokens from web/src/index.css; styles are inline because helmet's CSP
 * allows inline styles but not inline scripts (scripts get a sha256 source, see allowScript).
 */

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · SoleSwap</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0c0c0e;color:#f5f5f4;
font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:26rem;margin:1.5rem;padding:2rem;background:#151518;border:1px solid #2e2e35;border-radius:1rem;text-align:center}
h1{margin:0 0 .5rem;font-size:1.25rem}p{margin:0 0 1.25rem;color:#a3a3ad}
button,a.button{display:inline-block;padding:.6rem 1.2rem;border:0;border-radius:.6rem;background:#ff5a1f;color:#0c0c0e;
font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:hover,a.button:hover{background:#ff7847}
</style>
</head>
<body><main>${body}</main>${script ? `<script>${script}</script>` : ''}</body>
</html>`;
}

/** Adds the script's sha256 to the response's CSP (set by helmet), so exactly this inline script may run. */
function allowScript(ctx: KoaContextWithOIDC, script: string) {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const source = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const index = directives.findIndex((d) => d.startsWith('script-src ') || d === 'script-src');
  if (index === -1) directives.push(`script-src 'self' ${source}`);
  else directives[index] = `${directives[index]} ${source}`;
  ctx.set('content-security-policy', directives.join(';'));
}

/**
 * The RP-initiated logout confirmation, submitted by script at once so signing out takes no extra
 * click; `logout=yes` ends the whole provider session. The button is the no-script fallback.
 */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string) {
  const script = "document.getElementById('op.logoutForm').submit();";
  allowScript(ctx, script);
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<h1>Signing you out…</h1><p>One moment, please.</p>${withLogout}<button type="submit" form="op.logoutForm">Sign out</button>`,
    script,
  );
}

/** Shown only when a logout request named no return address. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<h1>You are signed out</h1><p>See you soon.</p><a class="button" href="/">Back to SoleSwap</a>');
}

/** The provider's error page (an expired sign-in link, a bad request) in the app's look. */
export async function renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
  const detail = out.error_description ?? out.error ?? 'The sign-in request could not be completed.';
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in problem',
    `<h1>Something went wrong signing you in</h1><p>${escapeHtml(detail)}</p><a class="button" href="/api/login">Try again</a>`,
  );
}

/** Answered for the sign-in page when the web client is not built (tests, or the API server alone in development). */
export function interactionFallbackPage(): string {
  return page(
    'Sign in',
    '<h1>The sign-in page is part of the web app</h1><p>Open SoleSwap through the Vite dev server (npm run dev), or build the web app (npm run build) and reload.</p>',
  );
}

const CONFIRMATION_PAGES = {
  confirmed: {
    status: 200,
    title: 'E-mail confirmed',
    body: '<h1>Your e-mail address is confirmed</h1><p>Thank you! Everything tied to your address works the next time you sign in.</p>',
  },
  used: {
    status: 200,
    title: 'Already confirmed',
    body: '<h1>This link was already used</h1><p>Your e-mail address is confirmed, so there is nothing more to do.</p>',
  },
  expired: {
    status: 410,
    title: 'Link expired',
    body: '<h1>This link has expired</h1><p>Confirmation links work for 3 days. We can send a new one to the same address.</p>',
  },
  invalid: {
    status: 400,
    title: 'Link not valid',
    body: '<h1>This link does not work</h1><p>It may have been cut off: open the link from the e-mail again, or copy the whole address into the browser.</p>',
  },
  resent: {
    status: 200,
    title: 'New link sent',
    body: '<h1>A new link is on its way</h1><p>Check your inbox for the new confirmation e-mail; it works for 3 days.</p>',
  },
} as const;

export type ConfirmationPage = keyof typeof CONFIRMATION_PAGES;

/**
 * The page a confirmation link opens, one per outcome. An expired link offers a new one: the form
 * posts the old token back to `resendAction`.
 */
export function confirmationPage(outcome: ConfirmationPage, resend?: { action: string; token: string }): { status: number; html: string } {
  const { status, title, body } = CONFIRMATION_PAGES[outcome];
  const action =
    outcome === 'expired' && resend
      ? `<form method="post" action="${escapeHtml(resend.action)}"><input type="hidden" name="token" value="${escapeHtml(resend.token)}"><button type="submit">Send a new link</button></form>`
      : '<a class="button" href="/">Continue to SoleSwap</a>';
  return { status, html: page(title, `${body}${action}`) };
}

/**
 * GET /api/logout's answer: signing out is a POST, so a link or an image on another site cannot
 * sign anyone out; a person who opened the address signs out with the button.
 */
export function signOutPage(): string {
  return page(
    'Sign out',
    '<h1>Sign out of SoleSwap?</h1><p>You stay signed in until you press the button.</p>' +
      '<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>',
  );
}
