import { escapeHtml, page } from '../provider-pages';

/* The pages of a new device's confirmation link, server-rendered like the account links: no script needed. */

type Html = { status: number; html: string };
const HOME = '<a class="button" href="/">Continue to SoleSwap</a>';

/** The link opens a button first: mail scanners open links, and must not confirm anything. */
export function confirmDevicePage(action: string, token: string): Html {
  return {
    status: 200,
    html: page(
      'Confirm new sign-in',
      '<h1>Was this sign-in you?</h1><p>Confirm it, and that session may move money and change addresses like your other devices. ' +
        'If it was not you, close this page, sign that session out in Settings → Security and change your password.</p>' +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">It was me: confirm</button></form>`,
    ),
  };
}

export function deviceOutcomePage(confirmed: boolean): Html {
  return confirmed
    ? {
        status: 200,
        html: page('Sign-in confirmed', `<h1>The new sign-in is confirmed</h1><p>That device is known for your account now.</p>${HOME}`),
      }
    : {
        status: 400,
        html: page(
          'Link not valid',
          '<h1>This link does not work</h1><p>It is past its 24 hours, or a newer link was sent since, or it is cut off. ' +
            'The banner in the signed-in session can send a new one.</p>' +
            HOME,
        ),
      };
}
