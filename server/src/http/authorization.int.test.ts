import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@soleswap/contracts/time';
import { openInspections } from '../modules/inspection/open-inspections';
import { CENTRE_ENV, inspector } from '../modules/inspection/inspection.int-helpers';
import {
  inspections,
  ledgerEntries,
  messages,
  notifications,
  reports,
  sneakers,
  tradeDisputeEvidence,
  tradeReturns,
  trades,
  users,
  verificationRuns,
  wants,
} from '../db/schema/index';
import { storePrivateImageFiles } from '../modules/uploads/image-store';
import { apiRoutes, fillPath, type ApiRoute } from '../../test/api-routes';
import { buildSneaker, buildTrade } from '../../test/factories';
import { TestClient, useTestApp, type ApiResponse } from '../../test/test-app';
import { addWant, member, pairOf, releasesInSize10, type Member } from '../modules/loops/loops.int-helpers';
import { configureVerification } from '../modules/verification/verification-settings';
import { expectLedgerValidAfterAll, shipBody } from '../modules/trades/trades.int-helpers';
import { chooseShipTo } from '../modules/addresses/choose-ship-to';
import { createAddress } from '../modules/addresses/create-address';
import { membersChanged } from '../modules/users/member-changes';

/**
 * The authorization matrix: every API route (read from the app's own route table, so a route added
 * later fails this test until it is given a row below) is called as seven people, each with the
 * status they must get:
 *
 *   visitor   - not signed in
 *   owner     - Ann: the trade, loop, conversation, messages, sneakers, wants, payment and
 *               notifications the route is called on are hers
 *   other     - Cy, a member with no part in them
 *   blocked   - Dee, a member Ann blocked
 *   suspended - Sam, suspended by an admin while he still held a session
 *   admin     - an admin
 *   inspector - an inspector (docs/rules/inspection.md): a member who also works the centre's queue;
 *               on any row that does not name them, they get what Cy gets
 *
 * Then every write route that takes a body is sent, by the owner, the fields a client must never
 * set (reputation, premium, role, verification, counts, ownership) and the database is checked.
 */

type Actor = 'visitor' | 'owner' | 'other' | 'blocked' | 'suspended' | 'admin' | 'inspector';
const ACTORS: Actor[] = ['visitor', 'suspended', 'blocked', 'other', 'admin', 'inspector', 'owner'];

/**
 * ok: 2xx. pass: past every permission check (2xx, or 400/409/422 for a state or input the
 * call does not fit). unauth: 401. forbidden: 403. refused: 403 or 404 (someone else's thing
 * answers as if it did not exist). invalid: 400 (the ids sent are not all the caller's).
 */
type Expect = 'ok' | 'pass' | 'invalid' | 'unauth' | 'forbidden' | 'refused';

interface Scene {
  ann: string;
  ben: string;
  cy: string;
  dee: string;
  /** A member nobody else uses: target of follows, blocks and suspensions. */
  tess: string;
  sneaker: number;
  benSneaker: number;
  trade: number;
  conversation: number;
  message: number;
  want: number;
  notification: number;
  loop: number;
  /** The position of the leg Ann sends in the loop. */
  loopLeg: number;
  paymentIntent: string;
  report: number;
  signup: number;
  verification: number;
  ledgerHash: string;
  release: number;
  /** Ben's pair of a via-authentication trade, awaiting arrival at the centre (rows with `viaCentre`). */
  pair: number;
  /** Ann's wants, in order. */
  wants: number[];
  /** Addresses of Ann's book: one the routes read and change, one the owner's DELETE removes. */
  address: number;
  spareAddress: number;
  /** A photo of Ben's evidence in a disputed trade (rows with `trade: 'disputed'`). */
  photo: string;
  /** After a refund ruling (rows with `returns`): Ben's pair Ann sends back to him, and Ann's pair Ben sends back to her. */
  returnOut: number;
  returnIn: number;
}

interface Row {
  /** The inspector gets what `other` gets unless named. */
  expect: Record<Exclude<Actor, 'inspector'>, Expect> & { inspector?: Expect };
  params?: (s: Scene) => Record<string, string | number>;
  /** A query string for reads that need one, without the "?". */
  query?: (s: Scene) => string;
  body?: (s: Scene) => unknown;
  /** The status of the trade the route is called on (a fresh one per route). */
  trade?: 'pending' | 'accepted' | 'completed' | 'disputed';
  /** The trade goes via authentication: accepted, with its pairs at the centre (`pair` is Ben's, going to Ann). */
  viaCentre?: boolean;
  /** The trade was disputed and refunded with both pairs shipped: each goes back to its owner (Ben chose his ship-to, Ann none). */
  returns?: boolean;
}

const everyone = (e: Expect): Record<Actor, Expect> => ({ visitor: e, owner: e, other: e, blocked: e, suspended: e, admin: e, inspector: e });
/** Anyone may call it. */
const open = (e: Expect = 'ok', rest: Partial<Row> = {}, overrides: Partial<Record<Actor, Expect>> = {}): Row => ({
  expect: { ...everyone(e), ...overrides },
  ...rest,
});
/** Members only, each about their own records. */
const members = (e: Expect = 'ok', rest: Partial<Row> = {}, overrides: Partial<Record<Actor, Expect>> = {}): Row => ({
  expect: { visitor: 'unauth', suspended: 'unauth', owner: e, other: e, blocked: e, admin: e, ...overrides },
  ...rest,
});
/** Admins only. */
const admins = (e: Expect = 'ok', rest: Partial<Row> = {}): Row => ({
  expect: { visitor: 'unauth', suspended: 'unauth', owner: 'forbidden', other: 'forbidden', blocked: 'forbidden', admin: e, inspector: 'forbidden' },
  ...rest,
});
/** The authentication centre's work: inspectors and admins (who are no party); members are refused. */
const inspectors = (e: Expect, rest: Partial<Row> = {}, members: Expect = 'forbidden'): Row => ({
  expect: { visitor: 'unauth', suspended: 'unauth', owner: members, other: members, blocked: members, admin: e, inspector: e },
  viaCentre: true,
  ...rest,
});
const pairId = (s: Scene) => ({ id: s.pair });
const MATRIX_PUSH_SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/matrix',
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};
const VERDICT_BODY = { notes: 'Matches the listing photos.' };
/** Ann's record: nobody else's business (admins: as given). */
const anns = (owner: Expect, admin: Expect, rest: Partial<Row> = {}): Row => ({
  expect: { visitor: 'unauth', suspended: 'unauth', owner, other: 'refused', blocked: 'refused', admin, inspector: 'refused' },
  ...rest,
});

const tradeId = (s: Scene) => ({ id: s.trade });
/** A 2×2 PNG: an image the upload routes accept. */
const PHOTO_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC';
const MATRIX_ADDRESS = { name: 'Ann Matrix', line1: '1 Grid Way', city: 'Boston', region: 'MA', postalCode: '02108', country: 'US' };
const loopId = (s: Scene) => ({ id: s.loop });
const convId = (s: Scene) => ({ id: s.conversation });
const sneakerId = (s: Scene) => ({ id: s.sneaker });

/** Not API calls a test can make here: sign-in redirects, the endless stream, the raw webhook. */
const NOT_CALLED: Record<string, string> = {
  'GET /api/login': 'redirects to the identity provider (server/src/modules/identity/identity.int.test.ts)',
  'GET /api/callback': 'the identity provider’s redirect back (identity.int.test.ts)',
  'GET /api/logout': 'a page whose button signs out; never signs out itself (identity.int.test.ts)',
  'POST /api/logout': 'ends the session (identity.int.test.ts)',
  'POST /api/debug/force-auth': 'test-only sign-in, off in production (force-auth.int.test.ts)',
  'GET /api/events': 'an endless event stream (live-events.int.test.ts)',
  'GET /api/trades/{id}/label.pdf':
    'needs a label bought on the trade first: its parties only, a stranger 404 (shipping/trade-labels.int.test.ts), across a block (blocked-cannot-reach.int.test.ts)',
};

const MATRIX: Record<string, Row> = {
  'GET /api/health': open(),
  'GET /api/openapi.json': open(),
  'GET /api/debug/server-info': open('pass'),
  'GET /api/launch': open(),
  'GET /api/dev/mailbox': open(),
  'GET /api/dev/mailbox.json': open(),
  'GET /api/auth/user': members(),
  'PATCH /api/auth/user': members('ok', { body: () => ({ bio: 'Hello' }) }),
  // Second factors (issue #32; two-factor.int.test.ts walks each flow): these members have none yet.
  'GET /api/two-factor': members(),
  'POST /api/two-factor/verify': members('pass', { body: () => ({ code: '000000' }) }),
  'POST /api/two-factor/totp/setup': members(),
  'POST /api/two-factor/totp/confirm': members('pass', { body: () => ({ code: '000000' }) }),
  'DELETE /api/two-factor/totp': members('pass'),
  'POST /api/two-factor/passkeys/registration-options': members(),
  'POST /api/two-factor/passkeys': members('pass', { body: () => ({ name: 'Laptop', response: { id: 'not-a-passkey' } }) }),
  'DELETE /api/two-factor/passkeys/{id}': members('refused', { params: () => ({ id: 'not-a-passkey' }) }),
  'POST /api/two-factor/passkeys/authentication-options': members('refused'),
  'POST /api/two-factor/passkeys/verify': members('pass', { body: () => ({ response: { id: 'not-a-passkey' } }) }),
  'PUT /api/two-factor/sign-in-rule': members('ok', { body: () => ({ everySignIn: false }) }),
  'GET /api/account': members(),
  // Premium's new-device link (docs/rules/sign-in.md#premiums-enhanced-security): these sessions wait for none, so a resend is a 409.
  'GET /api/auth/device-confirmation': members(),
  'POST /api/auth/device-confirmation/resend': members('pass'),
  'GET /api/auth/confirm-device': open(),
  'POST /api/auth/confirm-device': open('pass', { body: () => ({ token: 'not-a-link-of-anyone' }) }),
  'GET /api/account/sessions': members(),
  // A handle that is none of the caller's sessions changes nothing (account-recovery.int.test.ts ends real ones).
  'DELETE /api/account/sessions/{id}': members('ok', { params: () => ({ id: 'not-a-session-of-anyone' }) }),
  'POST /api/account/sessions/sign-out-others': members(),
  // These members signed in without the embedded provider's account: 409, nothing changed.
  'POST /api/account/password': members('pass', { body: () => ({ currentPassword: 'whatever-it-is', newPassword: 'lantern-harbor-quiet-77' }) }),
  'POST /api/account/email': members('pass', { body: () => ({ newEmail: 'matrix-new@example.com', currentPassword: 'whatever-it-is' }) }),
  'GET /api/users/{id}': open('ok', { params: (s) => ({ id: s.ann }) }),
  'GET /api/users/{id}/stats': open('ok', { params: (s) => ({ id: s.ann }) }),
  'GET /api/users/{id}/trades/history': members('ok', { params: (s) => ({ id: s.ann }) }),
  'GET /api/users/{id}/followers': members('ok', { params: (s) => ({ id: s.ann }) }),
  'GET /api/users/{id}/following': members('ok', { params: (s) => ({ id: s.ann }) }),
  'GET /api/users/{id}/follow': members('ok', { params: (s) => ({ id: s.tess }) }),
  'POST /api/users/{id}/follow': members('ok', { params: (s) => ({ id: s.tess }) }),
  'DELETE /api/users/{id}/follow': members('ok', { params: (s) => ({ id: s.tess }) }),
  'GET /api/users/me/blocks': members(),
  'GET /api/users/{id}/block': members('ok', { params: (s) => ({ id: s.tess }) }),
  'POST /api/users/{id}/block': members('ok', { params: (s) => ({ id: s.tess }) }),
  'DELETE /api/users/{id}/block': members('ok', { params: (s) => ({ id: s.tess }) }),

  'POST /api/early-signup': open('pass', { body: () => ({ name: 'Early', email: 'early-matrix@example.com' }) }),
  'GET /api/admin/early-signups': admins(),
  'GET /api/admin/early-signups/summary': admins(),
  'POST /api/admin/early-signups/{id}/notified': admins('ok', { params: (s) => ({ id: s.signup }) }),
  'GET /api/admin/early-signups.csv': admins(),

  'POST /api/reports': members('pass', { body: (s) => ({ kind: 'member', targetId: s.tess, reason: 'Spam' }) }),
  'GET /api/admin/reports': admins(),
  'POST /api/admin/reports/{id}/resolve': admins('ok', { params: (s) => ({ id: s.report }), body: () => ({ action: 'dismiss', note: 'Fine' }) }),
  'POST /api/admin/users/{id}/suspend': admins('ok', { params: (s) => ({ id: s.tess }), body: () => ({ reason: 'Spam' }) }),
  'POST /api/admin/users/{id}/unsuspend': admins('ok', { params: (s) => ({ id: s.tess }) }),
  'GET /api/admin/disputes/{id}/history': admins('ok', { params: tradeId, trade: 'disputed' }),
  'GET /api/admin/audit-log': admins(),
  'GET /api/admin/disputes': admins(),
  // The review queue of flagged pairs (issue #28; verification-review.int.test.ts): Ann's pair is not flagged, so a review is 409.
  'GET /api/admin/verification/flagged': admins(),
  'POST /api/admin/verification/{id}/confirm': admins('pass', { params: sneakerId, body: () => ({ note: 'Matrix check' }) }),
  'POST /api/admin/verification/{id}/clear': admins('pass', { params: sneakerId, body: () => ({ note: 'Matrix check' }) }),

  'GET /api/trades': members(),
  'GET /api/trades/counts': members(),
  // The preview meets every refusal proposing meets (issue #39): Ann's pairs are nobody else's to price.
  'GET /api/trades/protection-holds': members(
    'pass',
    { query: (s) => `receiverId=${s.ben}&proposerSneakerIds=${s.sneaker}&receiverSneakerIds=${s.benSneaker}` },
    { owner: 'ok' },
  ),
  'POST /api/trades': members('pass', { body: (s) => ({ receiverId: s.ben, proposerSneakerIds: [s.sneaker], receiverSneakerIds: [s.benSneaker] }) }),
  // Admins see a trade once it is disputed (the resolve and history rows), not before.
  'GET /api/trades/{id}': anns('ok', 'refused', { params: tradeId }),
  // A party's packing slip (PDF) once accepted; an admin is no party (packing-slip.int.test.ts).
  'GET /api/trades/{id}/packing-slip.pdf': anns('ok', 'refused', { params: tradeId, trade: 'accepted' }),
  'PUT /api/trades/{id}': anns('ok', 'refused', { params: tradeId, body: () => ({ status: 'rejected' }) }),
  // Shipping labels (docs/rules/shipping.md): a party's own side once accepted (409 until both ship-tos are chosen); both parcels read by the parties.
  'POST /api/trades/{id}/label': anns('pass', 'refused', { params: tradeId, trade: 'accepted', body: () => ({ preset: 'one-pair' }) }),
  'GET /api/trades/{id}/shipping': anns('ok', 'refused', { params: tradeId, trade: 'accepted' }),
  'GET /api/shipping/config': open('ok'),
  // The sandbox carrier's control moves only a parcel the caller sends or receives (admins any): nobody's here.
  'POST /api/shipping/sandbox/parcels/{trackingNumber}/advance': members('refused', {
    params: () => ({ trackingNumber: '9400111202555842332669' }),
    body: () => ({ status: 'in_transit' }),
  }),
  // The carrier's webhook: anyone may deliver one, and only a signed one is applied (400 otherwise).
  'POST /api/shipping/webhooks/{provider}': open('pass', { params: () => ({ provider: 'sandbox' }), body: () => ({}) }),
  'POST /api/trades/{id}/accept': anns('ok', 'refused', { params: tradeId }),
  'POST /api/trades/{id}/reject': anns('ok', 'refused', { params: tradeId }),
  // Ann received the proposal: only Ben, the proposer, may withdraw it.
  'POST /api/trades/{id}/cancel': anns('forbidden', 'refused', { params: tradeId }),
  'POST /api/trades/{id}/counter': anns('pass', 'refused', {
    params: tradeId,
    body: (s) => ({ proposerSneakerIds: [s.sneaker], receiverSneakerIds: [s.benSneaker] }),
  }),
  'POST /api/trades/{id}/ship': anns('ok', 'refused', { params: tradeId, trade: 'accepted', body: () => shipBody() }),
  'POST /api/trades/{id}/receive': anns('pass', 'refused', { params: tradeId, trade: 'accepted' }),
  'POST /api/trades/{id}/dispute': anns('ok', 'refused', { params: tradeId, trade: 'accepted', body: () => ({ reason: 'Never arrived' }) }),
  'POST /api/trades/{id}/resolve': anns('forbidden', 'ok', { params: tradeId, trade: 'disputed', body: () => ({ outcome: 'cancelled' }) }),
  // Issue #30: a dispute's notes and photos, added by the parties, read by the parties and admins (dispute-evidence.int.test.ts).
  'GET /api/trades/{id}/dispute-evidence': anns('ok', 'ok', { params: tradeId, trade: 'disputed' }),
  'POST /api/trades/{id}/dispute-evidence': anns('ok', 'forbidden', {
    params: tradeId,
    trade: 'disputed',
    body: () => ({ note: 'The box was empty' }),
  }),
  // Issue #39: dispute photos are private: uploaded by the parties, served to the parties and admins only (dispute-photos-private.int.test.ts).
  'POST /api/trades/{id}/dispute-evidence/photos': anns('ok', 'forbidden', {
    params: tradeId,
    trade: 'disputed',
    body: () => ({ dataUrl: PHOTO_DATA_URL }),
  }),
  'GET /api/trades/{id}/dispute-evidence/photos/{name}': anns('ok', 'ok', { params: (s) => ({ id: s.trade, name: s.photo }), trade: 'disputed' }),
  'POST /api/trades/{id}/rate': anns('ok', 'refused', { params: tradeId, trade: 'completed', body: () => ({ score: 5 }) }),
  // Issue #42: only Ben, the proposer, gives another card for his pending trade.
  'POST /api/trades/{id}/card': anns('forbidden', 'refused', {
    params: tradeId,
    body: () => ({ cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' } }),
  }),
  'GET /api/trades/{id}/messages': anns('ok', 'refused', { params: tradeId }),
  'POST /api/trades/{id}/messages': anns('ok', 'refused', { params: tradeId, body: () => ({ content: 'hello' }) }),
  'POST /api/trades/{id}/messages/read': anns('ok', 'refused', { params: tradeId, body: () => ({}) }),

  'GET /api/ledger/verify': open(),
  'GET /api/ledger/entries/{hash}': open('ok', { params: (s) => ({ hash: s.ledgerHash }) }),
  'GET /api/ledger/entries/{hash}/details': {
    ...anns('ok', 'ok'),
    expect: { visitor: 'refused', suspended: 'refused', owner: 'ok', other: 'refused', blocked: 'refused', admin: 'refused' },
    params: (s) => ({ hash: s.ledgerHash }),
  },

  'GET /api/catalog': open(),
  'GET /api/catalog/stats': open(),
  'GET /api/catalog/{id}/artwork.svg': open('ok', { params: (s) => ({ id: s.release }) }),
  'GET /api/catalog/{id}/prices': open('ok', { params: (s) => ({ id: s.release }) }),
  'GET /api/catalog/prices': open('ok', { query: (s) => `ids=${s.release}&period=30d` }),
  'POST /api/admin/seed-sneakers': admins('pass'),

  'POST /api/uploads': members('pass', { body: () => ({ dataUrl: 'data:text/plain;base64,aGVsbG8=' }) }),
  'POST /api/sneakers/{id}/verify': anns('ok', 'refused', { params: sneakerId }),
  // Only the owner may appeal (409 here: Ann's pair is not flagged); anyone else learns nothing.
  'POST /api/sneakers/{id}/appeal': anns('pass', 'refused', { params: sneakerId }),
  'POST /api/sneakers/batch-verify': anns('ok', 'refused', { body: (s) => ({ sneakerIds: [s.sneaker] }) }),
  'GET /api/verifications/{id}': anns('ok', 'refused', { params: (s) => ({ id: s.verification }) }),
  // A block hides each one's listings from the other.
  'GET /api/sneakers/{id}/prices': open('ok', { params: sneakerId }, { blocked: 'refused' }),
  'GET /api/sneakers': members(),
  'POST /api/sneakers': members('ok', {
    body: () => ({ name: 'Air Max 1', brand: 'Nike', model: 'Air Max 1', size: '10', condition: '9', estimatedValue: 120 }),
  }),
  'GET /api/sneakers/public': open(),
  'GET /api/sneakers/user/{userId}': open('ok', { params: (s) => ({ userId: s.ann }) }, { blocked: 'refused' }),
  'GET /api/sneakers/{id}': open('ok', { params: sneakerId }, { blocked: 'refused' }),
  'PUT /api/sneakers/{id}': anns('ok', 'refused', { params: sneakerId, body: () => ({ description: 'Worn twice' }) }),
  'DELETE /api/sneakers/{id}': anns('ok', 'refused', { params: sneakerId }),

  'POST /api/analytics/events': open('pass', { body: () => ({ sessionId: 'matrix-session-0001', events: [{ page: '/', type: 'page_view' }] }) }),
  'GET /api/analytics/stats': admins(),
  // Premium members only, and none of the callers is one.
  'GET /api/analytics/portfolio': members('forbidden'),
  'GET /api/analytics/portfolio.csv': members('forbidden'),

  'GET /api/payments/config': open(),
  'GET /api/membership': members(),
  'POST /api/create-membership-payment': members('pass'),
  'POST /api/payments/sandbox/confirm': anns('pass', 'refused', {
    body: (s) => ({ paymentIntentId: s.paymentIntent, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
  }),
  'POST /api/payments/sandbox/{id}/approve': anns('pass', 'refused', { params: (s) => ({ id: s.paymentIntent }) }),
  'POST /api/payments/sandbox/{id}/refuse': anns('pass', 'refused', { params: (s) => ({ id: s.paymentIntent }) }),
  'POST /api/payments/refresh': anns('pass', 'refused', { body: (s) => ({ paymentIntentId: s.paymentIntent }) }),
  'GET /api/payments': members(),
  'GET /api/wallet': members(),
  'GET /api/wallet/withdrawals': members(),
  'GET /api/wallet/card-holds': members(),
  'GET /api/wallet/payout-destination': members(),
  'PUT /api/wallet/payout-destination': members('ok', {
    body: () => ({ holderName: 'Matrix Member', routingNumber: '110000000', accountNumber: '000123456789' }),
  }),
  // In the sandbox: past every check, refused 409 CONFLICT (withdrawals go to a bank account there).
  'POST /api/wallet/payout-destination/stripe-onboarding': members('pass', { body: () => ({}) }),
  // A member with an empty balance: past every check, refused 409 (no destination, or INSUFFICIENT_BALANCE).
  'POST /api/wallet/withdrawals': members('pass', { body: () => ({ amountCents: 100 }) }),
  'POST /api/membership/cancel': members('pass'),
  'POST /api/membership/refund': members('pass'),
  'POST /api/stripe/webhook': open('pass', { body: () => ({}) }),

  'GET /api/notifications': members(),
  'POST /api/notifications/read': members('ok', { body: (s) => ({ ids: [s.notification] }) }),
  'GET /api/notifications/preferences': members(),
  'PUT /api/notifications/preferences': members('ok', { body: () => ({ kinds: { 'trade.proposed': true } }) }),
  'GET /api/push/public-key': members(),
  'GET /api/push/preferences': members(),
  'PUT /api/push/preferences': members('ok', { body: () => ({ kinds: { 'message.created': false } }) }),
  'GET /api/push/subscriptions/status': members('ok', { query: () => `endpoint=${encodeURIComponent(MATRIX_PUSH_SUBSCRIPTION.endpoint)}` }),
  'POST /api/push/subscriptions': members('ok', { body: () => MATRIX_PUSH_SUBSCRIPTION }),
  'DELETE /api/push/subscriptions': members('ok', { body: () => ({ endpoint: MATRIX_PUSH_SUBSCRIPTION.endpoint }) }),

  'GET /api/conversations/{id}/messages': anns('ok', 'refused', { params: convId }),
  'POST /api/conversations/{id}/messages': anns('ok', 'refused', { params: convId, body: () => ({ content: 'hello' }) }),
  'POST /api/conversations/{id}/messages/read': anns('ok', 'refused', { params: convId, body: () => ({}) }),
  'GET /api/chat/unread': members(),
  'GET /api/conversations': members(),
  'GET /api/conversations/{id}': anns('ok', 'refused', { params: convId }),
  'POST /api/conversations': members('ok', { body: (s) => ({ userId: s.ann }) }, { owner: 'pass', blocked: 'forbidden' }),

  // Issue #30: a member's own address book, and a trade's ship-to addresses (ship-to.int.test.ts walks who sees what when).
  'GET /api/addresses': members(),
  'POST /api/addresses': members('ok', { body: () => MATRIX_ADDRESS }),
  'PUT /api/addresses/{id}': anns('ok', 'refused', { params: (s) => ({ id: s.address }), body: () => MATRIX_ADDRESS }),
  'DELETE /api/addresses/{id}': anns('ok', 'refused', { params: (s) => ({ id: s.spareAddress }) }),
  'GET /api/trades/{id}/ship-to': anns('ok', 'refused', { params: tradeId }),
  'PUT /api/trades/{id}/ship-to': anns('ok', 'refused', { params: tradeId, body: (s) => ({ addressId: s.address }) }),

  // Issue #30: the authentication centre (inspection.int.test.ts walks a trade through it). Ann
  // would receive Ben's pair: she answers its quality issue, never judges it; the others learn nothing.
  'GET /api/inspection/config': members(),
  'GET /api/inspection/queue': inspectors('ok', { viaCentre: false }),
  'GET /api/inspection/pairs/{id}/destination': inspectors('pass', { params: pairId }),
  'GET /api/inspection/pairs/{id}/packing-slip.pdf': inspectors('pass', { params: pairId }),
  'POST /api/inspection/pairs/{id}/receive': inspectors('ok', { params: pairId }, 'refused'),
  'POST /api/inspection/pairs/{id}/pass': inspectors('pass', { params: pairId, body: () => VERDICT_BODY }, 'refused'),
  'POST /api/inspection/pairs/{id}/fail': inspectors('pass', { params: pairId, body: () => VERDICT_BODY }, 'refused'),
  'POST /api/inspection/pairs/{id}/quality-issue': inspectors('pass', { params: pairId, body: () => VERDICT_BODY }, 'refused'),
  'POST /api/inspection/pairs/{id}/forward': inspectors('pass', { params: pairId, body: () => shipBody() }, 'refused'),
  'POST /api/inspection/pairs/{id}/accept-issue': anns('pass', 'refused', { params: pairId, viaCentre: true }),
  'POST /api/inspection/pairs/{id}/decline-issue': anns('pass', 'refused', { params: pairId, viaCentre: true }),
  'GET /api/trades/{id}/inspection': anns('ok', 'refused', { params: tradeId, viaCentre: true }),
  // Issue #40: appeals of a captured protection hold (hold-appeals.int.test.ts walks a failed pair, an
  // appeal and both rulings). Ann's trade holds no capture: she is answered 409, nothing to appeal.
  // Issue #40: a ruling's note and the pairs going back after a refund (trade-returns.int.test.ts walks who sees which address when).
  'GET /api/trades/{id}/ruling': anns('ok', 'ok', { params: tradeId, trade: 'disputed' }),
  'GET /api/admin/trade-returns/overdue': admins(),
  'GET /api/trade-returns/{id}/ship-to': anns('ok', 'forbidden', { params: (s) => ({ id: s.returnOut }), returns: true }),
  'PUT /api/trade-returns/{id}/ship-to': anns('ok', 'forbidden', {
    params: (s) => ({ id: s.returnIn }),
    returns: true,
    body: (s) => ({ addressId: s.address }),
  }),
  'GET /api/trade-returns/{id}/packing-slip.pdf': anns('ok', 'forbidden', { params: (s) => ({ id: s.returnOut }), returns: true }),
  'POST /api/trade-returns/{id}/ship': anns('ok', 'forbidden', { params: (s) => ({ id: s.returnOut }), returns: true, body: () => shipBody() }),
  // Ann's own pair has not been shipped back yet: she is past every check and answered 409.
  'POST /api/trade-returns/{id}/receive': anns('pass', 'forbidden', { params: (s) => ({ id: s.returnIn }), returns: true }),
  'GET /api/trades/{id}/hold-appeal': anns('ok', 'refused', { params: tradeId }),
  'POST /api/trades/{id}/hold-appeal': anns('pass', 'refused', { params: tradeId, body: () => ({ reason: 'The centre got it wrong' }) }),
  'GET /api/admin/hold-appeals': admins(),
  // No appeal has this id: an admin gets 404, everyone else is stopped before the lookup.
  'POST /api/admin/hold-appeals/{id}/reverse': admins('refused', { params: () => ({ id: 2_000_000 }), body: () => ({ note: 'Matrix check' }) }),
  'POST /api/admin/hold-appeals/{id}/uphold': admins('refused', { params: () => ({ id: 2_000_000 }), body: () => ({ note: 'Matrix check' }) }),

  'GET /api/wants': members(),
  'POST /api/wants': members('pass', { body: (s) => ({ catalogReleaseId: s.release, sizes: ['10'], minCondition: '9' }) }),
  'PUT /api/wants/order': {
    ...anns('ok', 'invalid'),
    expect: { visitor: 'unauth', suspended: 'unauth', owner: 'ok', other: 'invalid', blocked: 'invalid', admin: 'invalid' },
    body: (s) => ({ ids: s.wants }),
  },
  'PUT /api/wants/{id}': anns('ok', 'refused', { params: (s) => ({ id: s.want }), body: () => ({ sizes: ['10'], minCondition: '8' }) }),
  'DELETE /api/wants/{id}': anns('ok', 'refused', { params: (s) => ({ id: s.want }) }),
  'GET /api/matches': members(),

  'GET /api/loops': members(),
  'GET /api/loops/{id}': anns('ok', 'refused', { params: loopId }),
  'POST /api/loops/{id}/accept': anns('pass', 'refused', { params: loopId }),
  'POST /api/loops/{id}/ship': anns('pass', 'refused', { params: loopId, body: () => shipBody() }),
  'POST /api/loops/{id}/receive': anns('pass', 'refused', { params: loopId }),
  'POST /api/loops/{id}/dispute': anns('pass', 'refused', { params: loopId, body: () => ({ reason: 'Wrong pair' }) }),
  'POST /api/loops/{id}/decline': anns('pass', 'refused', { params: loopId }),
  // Issue #40: a loop's legs like a trade's sides (loop-shipping.int.test.ts walks who sees which address when).
  // The loop is proposed: Ann's changing a ship-to she never chose and her slip are 409.
  'GET /api/loops/{id}/legs/{position}/ship-to': anns('ok', 'refused', { params: (s) => ({ id: s.loop, position: s.loopLeg }) }),
  'PUT /api/loops/{id}/ship-to': anns('pass', 'refused', { params: loopId, body: (s) => ({ addressId: s.address }) }),
  'GET /api/loops/{id}/packing-slip.pdf': anns('pass', 'refused', { params: loopId }),
  'GET /api/loops/{id}/messages': anns('ok', 'refused', { params: loopId }),
  'POST /api/loops/{id}/messages': anns('ok', 'refused', { params: loopId, body: () => ({ content: 'hello' }) }),
  'POST /api/loops/{id}/messages/read': anns('ok', 'refused', { params: loopId, body: () => ({}) }),
  'POST /api/admin/loops/run': admins(),
};

function matches(expected: Expect, status: number): boolean {
  switch (expected) {
    case 'ok':
      return status >= 200 && status < 300;
    case 'pass':
      return (status >= 200 && status < 300) || status === 400 || status === 402 || status === 409 || status === 422;
    case 'unauth':
      return status === 401;
    case 'invalid':
      return status === 400;
    case 'forbidden':
      return status === 403;
    case 'refused':
      return status === 403 || status === 404;
  }
}

describe('the authorization matrix', () => {
  const testApp = useTestApp(CENTRE_ENV);
  expectLedgerValidAfterAll(testApp);
  let routes: ApiRoute[];
  let clients: Record<Actor, TestClient>;
  let ann: Member;
  let ben: Member;
  /** Ben's address, chosen as the ship-to of every accepted trade of the matrix. */
  let benAddress: number | undefined;
  let acceptedTrade: number;
  let base: Omit<Scene, 'sneaker' | 'benSneaker' | 'trade' | 'wants' | 'pair' | 'photo' | 'returnOut' | 'returnIn'>;

  beforeAll(async () => {
    const t = testApp();
    // Verifications answer 202 with the queued run at once instead of waiting for it.
    configureVerification(t.ctx, { waitMs: 0 });
    routes = await apiRoutes(t.app);
    const releases = await releasesInSize10(t);
    ann = await member(t, 'ann');
    ben = await member(t, 'ben');
    const cy = await member(t, 'cy');
    const dee = await member(t, 'dee');
    const sam = await member(t, 'sam');
    const tess = await member(t, 'tess');
    const xia = await member(t, 'xia');
    const admin = await member(t, 'admin', 'admin');
    clients = { visitor: new TestClient(t.app), owner: ann, other: cy, blocked: dee, suspended: sam, admin, inspector: await inspector(t) };

    expect((await ann.post(`/api/users/${dee.user.id}/block`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${sam.user.id}/suspend`, { reason: 'Matrix' })).status).toBe(200);

    // A proposed loop of Ann, Ben and Xia (Cy, Dee and Sam have no part in it).
    await pairOf(t, ann, releases[0]!);
    await pairOf(t, ben, releases[1]!);
    await pairOf(t, xia, releases[2]!);
    const want = await addWant(ann, releases[1]!);
    await addWant(ben, releases[2]!);
    await addWant(xia, releases[0]!);
    const run = await admin.post('/api/admin/loops/run');
    expect(run.body.loopIds).toHaveLength(1);

    // An accepted trade between Ben and Ann: a ledger entry whose details only they may read.
    const accepted = await ben.post('/api/trades', {
      receiverId: ann.user.id,
      proposerSneakerIds: [(await buildSneaker(t.ctx, { userId: ben.user.id })).id],
      receiverSneakerIds: [(await buildSneaker(t.ctx, { userId: ann.user.id })).id],
    });
    expect(accepted.status).toBe(201);
    expect((await ann.post(`/api/trades/${accepted.body.id}/accept`)).status).toBe(200);
    acceptedTrade = accepted.body.id;
    await t.ctx.events.idle();
    const [entry] = await t.ctx.db.select({ hash: ledgerEntries.hash }).from(ledgerEntries).limit(1);

    const conversation = await ann.post('/api/conversations', { userId: ben.user.id });
    const message = await ann.post(`/api/conversations/${conversation.body.id}/messages`, { content: 'Still available?' });
    expect(message.status).toBe(201);
    const [notification] = await t.ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, ann.user.id)).limit(1);
    const payment = await ann.post('/api/create-membership-payment');
    expect(payment.status).toBe(200);
    const report = await ann.post('/api/reports', { kind: 'member', targetId: tess.user.id, reason: 'Spam' });
    await new TestClient(t.app).post('/api/early-signup', { name: 'Signup', email: 'signup-matrix@example.com' });
    const signups = await admin.get('/api/admin/early-signups');
    const verifiable = await buildSneaker(t.ctx, { userId: ann.user.id });
    await ann.post(`/api/sneakers/${verifiable.id}/verify`);
    const [run2] = await t.ctx.db.select({ id: verificationRuns.id }).from(verificationRuns).limit(1);

    base = {
      ann: ann.user.id,
      ben: ben.user.id,
      cy: cy.user.id,
      dee: dee.user.id,
      tess: tess.user.id,
      conversation: conversation.body.id,
      message: message.body.id,
      want: want.id,
      notification: notification!.id,
      loop: run.body.loopIds[0],
      loopLeg: (await ann.get(`/api/loops/${run.body.loopIds[0]}`)).body.myGive.position,
      paymentIntent: payment.body.paymentIntentId,
      report: report.body.id,
      signup: signups.body.items?.[0]?.id ?? signups.body[0]?.id,
      verification: run2!.id,
      ledgerHash: entry!.hash,
      release: releases[5]!,
      address: (await ann.post('/api/addresses', MATRIX_ADDRESS)).body.id,
      spareAddress: (await ann.post('/api/addresses', { ...MATRIX_ADDRESS, line1: '2 Spare Lane' })).body.id,
    };
  }, 120_000);

  it('has a row for every route of the app, and no row for a route that is gone', () => {
    const keys = routes.map((r) => r.key);
    expect(
      keys.filter((k) => !(k in MATRIX) && !(k in NOT_CALLED)),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !keys.includes(k)),
      'rows for routes that no longer exist',
    ).toEqual([]);
  });

  /** A fresh sneaker and trade for every call, so no earlier call has used them up. */
  async function freshScene(row: Row): Promise<Scene> {
    const { ctx } = testApp();
    // None of the callers is premium (the owner's sandbox payment row makes Ann one): premium's Enhanced
    // Security would then ask her for a second factor before every money and address action, which
    // identity/enhanced-security.int.test.ts checks; here each row is about who may call it.
    await ctx.db.update(users).set({ isPremiumMember: false }).where(eq(users.id, ann.user.id));
    membersChanged();
    const sneaker = await buildSneaker(ctx, { userId: ann.user.id });
    const benSneaker = await buildSneaker(ctx, { userId: ben.user.id });
    const status = row.viaCentre ? 'accepted' : row.returns ? 'cancelled' : (row.trade ?? 'pending');
    const trade = await buildTrade(ctx, {
      viaAuthentication: row.viaCentre === true,
      ...(row.viaCentre ? { acceptedAt: ctx.now(), shipBy: new Date(ctx.now().getTime() + DAY_MS) } : {}),
      proposerId: ben.user.id,
      receiverId: ann.user.id,
      proposerSneakerIds: [benSneaker.id],
      receiverSneakerIds: [sneaker.id],
      status,
      ...(status === 'disputed' || row.returns ? { disputedAt: ctx.now(), disputedById: ben.user.id, disputeReason: 'Never arrived' } : {}),
      ...(status === 'completed' ? { completedAt: ctx.now() } : {}),
    });
    // Ann ships to Ben: where her parcel goes must be chosen first (docs/rules/addresses.md); so does a return of his pair.
    if (status === 'accepted' || row.returns) {
      benAddress ??= (await createAddress(ctx, { userId: ben.user.id, input: { ...MATRIX_ADDRESS, name: 'Ben Matrix', line2: null, country: 'US' } }))
        .id;
      await chooseShipTo(ctx.db, { tradeId: trade.id, userId: ben.user.id, addressId: benAddress, at: ctx.now(), field: 'addressId' });
    }
    // Ben's evidence in a dispute: one private photo (the same file for every scene).
    const { name: photo } = storePrivateImageFiles(ctx.env.DATA_DIR, { image: Buffer.from('matrix photo'), thumbnail: Buffer.from('matrix thumb') });
    if (status === 'disputed') await ctx.db.insert(tradeDisputeEvidence).values({ tradeId: trade.id, userId: ben.user.id, photoNames: [photo] });
    const annWants = await ctx.db.select({ id: wants.id }).from(wants).where(eq(wants.userId, ann.user.id)).orderBy(asc(wants.rank));
    let pair = 0;
    if (row.viaCentre) {
      await openInspections(ctx.db, trade);
      const pairs = await ctx.db.select().from(inspections).where(eq(inspections.tradeId, trade.id));
      pair = pairs.find((p) => p.side === 'proposer')!.id;
    }
    let [returnOut, returnIn] = [0, 0];
    if (row.returns) {
      const at = ctx.now();
      const returned = await ctx.db
        .insert(tradeReturns)
        .values([
          {
            tradeId: trade.id,
            ownerSide: 'proposer',
            ownerId: ben.user.id,
            senderId: ann.user.id,
            sneakerIds: [benSneaker.id],
            returnBy: at,
            createdAt: at,
          },
          {
            tradeId: trade.id,
            ownerSide: 'receiver',
            ownerId: ann.user.id,
            senderId: ben.user.id,
            sneakerIds: [sneaker.id],
            returnBy: at,
            createdAt: at,
          },
        ])
        .returning({ id: tradeReturns.id });
      [returnOut, returnIn] = returned.map((r) => r.id) as [number, number];
    }
    return {
      ...base,
      sneaker: sneaker.id,
      benSneaker: benSneaker.id,
      trade: trade.id,
      wants: annWants.map((w) => w.id),
      pair,
      photo,
      returnOut,
      returnIn,
    };
  }

  async function call(actor: Actor, route: ApiRoute, row: Row, scene: Scene, extra?: Record<string, unknown>): Promise<ApiResponse> {
    const path = fillPath(route.path, row.params?.(scene) ?? {});
    const url = row.query ? `${path}?${row.query(scene)}` : path;
    let body = row.body?.(scene) ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
    if (extra && body && typeof body === 'object' && !Array.isArray(body)) body = { ...extra, ...body };
    return clients[actor].request(route.method, url, body);
  }

  it('answers each route as its row says, for each of the seven callers', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const row = MATRIX[route.key];
      if (!row) continue;
      // Those who may not act share one scene (they must leave it as it was); the owner and the
      // admin each get their own, so nothing used up by one changes what the other gets.
      const shared = await freshScene(row);
      for (const actor of ACTORS) {
        const scene = actor === 'owner' || actor === 'admin' || actor === 'inspector' ? await freshScene(row) : shared;
        const res = await call(actor, route, row, scene);
        const expected = actor === 'inspector' ? (row.expect.inspector ?? row.expect.other) : row.expect[actor];
        if (!matches(expected, res.status)) {
          failures.push(`${route.key} as ${actor}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
        if (res.status >= 400 && (typeof res.body?.code !== 'string' || typeof res.body?.message !== 'string')) {
          failures.push(`${route.key} as ${actor}: ${res.status} without { code, message }`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("cannot mark another member's notifications or messages read, nor list them", async () => {
    const { ctx } = testApp();
    // Ann's notification, unread again (the matrix had her read it).
    const [note] = await ctx.db.update(notifications).set({ readAt: null }).where(eq(notifications.id, base.notification)).returning();
    for (const actor of ['other', 'blocked', 'admin'] as const) {
      const who = clients[actor];
      expect((await who.post('/api/notifications/read', { ids: [note!.id] })).status).toBeLessThan(500);
      expect((await who.post('/api/notifications/read', { all: true })).status).toBe(200);
      const listed = await who.get('/api/notifications?limit=50');
      expect(listed.body.items.map((n: { id: number }) => n.id)).not.toContain(note!.id);
      const conversations = await who.get('/api/conversations');
      expect(conversations.body.items?.map((c: { id: number }) => c.id) ?? []).not.toContain(base.conversation);
      expect((await who.get('/api/trades')).body.map((t: { id: number }) => t.id)).not.toContain(acceptedTrade);
    }
    const [after] = await ctx.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, note!.id));
    expect(after!.readAt).toBeNull();
  });

  /**
   * Fields only the server may set, sent by Ann (as Cy's, where they name a member) to every
   * route that takes a body. What the route's own fields say wins, so each call is otherwise valid.
   */
  it('never lets a client write reputation, premium, role, verification, counts or ownership', async () => {
    const { ctx } = testApp();
    const cy = base.cy;
    const FORBIDDEN = {
      reputation: 5,
      isPremiumMember: true,
      isPremium: true,
      premium: true,
      role: 'admin',
      isAdmin: true,
      isVerified: true,
      verified: true,
      verificationScore: 1,
      verificationSource: 'client',
      verificationChecks: { ok: true },
      marketPrice: 1,
      totalTrades: 999,
      tradeCount: 999,
      followerCount: 999,
      followersCount: 999,
      unreadCount: 0,
      userId: cy,
      ownerId: cy,
      proposerId: cy,
      senderId: cy,
      reporterId: cy,
      createdBy: cy,
      membershipPeriodEnd: '2099-01-01T00:00:00.000Z',
      membershipPaidAt: '2020-01-01T00:00:00.000Z',
      suspendedAt: null,
      email: 'taken-over@example.com',
      escrowStatus: 'released',
      status: 'completed',
      id: 1,
    };
    const privileged = async () =>
      (
        await ctx.db
          .select({
            reputation: users.reputation,
            totalTrades: users.totalTrades,
            isPremiumMember: users.isPremiumMember,
            role: users.role,
            membershipPaidAt: users.membershipPaidAt,
            membershipPeriodEnd: users.membershipPeriodEnd,
            email: users.email,
            suspendedAt: users.suspendedAt,
          })
          .from(users)
          .where(eq(users.id, ann.user.id))
      )[0];
    const owners = async () => ({
      sneakers: await ctx.db
        .select({ id: sneakers.id, owner: sneakers.userId, verified: sneakers.isVerified, score: sneakers.verificationScore })
        .from(sneakers),
      trades: await ctx.db.select({ id: trades.id, owner: trades.proposerId, other: trades.receiverId }).from(trades),
      messages: await ctx.db.select({ id: messages.id, owner: messages.senderId }).from(messages),
      wants: await ctx.db.select({ id: wants.id, owner: wants.userId }).from(wants),
      reports: await ctx.db.select({ id: reports.id, owner: reports.reporterId }).from(reports),
    });
    const failures: string[] = [];
    const annBefore = await privileged();
    for (const route of routes) {
      const row = MATRIX[route.key];
      if (!row?.body || route.key.includes('/verify') || route.key.includes('/admin/')) continue;
      const scene = await freshScene(row);
      const before = await owners();
      const res = await call('owner', route, row, scene, FORBIDDEN);
      if (res.status >= 500) failures.push(`${route.key}: ${res.status}`);
      const after = await owners();
      for (const [table, rows] of Object.entries(after)) {
        const old = new Map(before[table as keyof typeof before].map((r) => [r.id, r]));
        for (const r of rows) {
          const was = old.get(r.id);
          if (was ? was.owner !== r.owner : r.owner !== ann.user.id) {
            failures.push(`${route.key}: ${table} ${r.id} now belongs to ${r.owner}`);
          }
          const gained = (v: object) => ('verified' in v && v.verified === true) || ('score' in v && v.score !== null);
          if ('verified' in r && gained(r) && !(was && gained(was))) {
            failures.push(`${route.key}: sneaker ${r.id} verification written by the client: ${JSON.stringify(r)}`);
          }
        }
      }
      expect(await privileged(), route.key).toEqual(annBefore);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
