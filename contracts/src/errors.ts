/**
 * Every error the API can answer with. The wire format is
 * `{ code, message, fields? }`; the server maps each code to one HTTP status
 * (server/src/http/error-status.ts) and the web client rebuilds an ApiError
 * from it, so components branch on `code`, never on message text.
 */
export const ERROR_CODES = [
  /** The request body, query or params failed schema validation; `fields` says where. */
  'VALIDATION_FAILED',
  /** No session: the caller must sign in. */
  'UNAUTHENTICATED',
  /** Signed in, but this caller may not do this (not the owner, not an admin, wrong side of a trade). */
  'FORBIDDEN',
  /** The record does not exist, or the caller may not know that it exists. */
  'NOT_FOUND',
  /** A state-changing browser request came from another origin. */
  'CSRF_REJECTED',
  /** Too many requests from this client in the window. */
  'RATE_LIMITED',
  /** The record changed underneath the request (taken, locked, already done). */
  'CONFLICT',
  /** A block stands between the caller and that member (either blocked the other): no trades, follows or messages. */
  'BLOCKED',
  /** The other member of a proposal or loop is suspended by the moderators: nobody trades with them until it is lifted. */
  'MEMBER_SUSPENDED',
  /** A trade action that the state machine does not allow from the current status for this caller. */
  'TRADE_INVALID_TRANSITION',
  /** A loop action that the loop state machine does not allow from the loop's status for this member (already accepted, not shipped to yet, a closed loop). */
  'LOOP_INVALID_TRANSITION',
  /** An inspection action the inspection state machine does not allow now (not arrived yet, already judged, the other pair not passed). */
  'INSPECTION_INVALID_TRANSITION',
  /** An appeal of a captured protection hold that its lifecycle does not allow now (filed after 7 days, filed twice, nothing to appeal, already ruled the other way). */
  'APPEAL_INVALID_TRANSITION',
  /** A parcel shipped (a trade side, a loop leg, the centre's forward) with a tracking number another parcel that has not arrived already holds; `fields.trackingNumber`. */
  'TRACKING_NUMBER_IN_USE',
  /** A parcel would move to a member who has not chosen a ship-to: accepting a via-centre trade without both members' ship-to, the centre forwarding or returning a pair to a member without one; `fields` names whose (`proposerShipTo`, `receiverShipTo`, `shipTo`). Nothing changed. */
  'SHIP_TO_MISSING',
  /** A sneaker in the request is locked in an escrow-held trade. */
  'SNEAKER_LOCKED',
  /** Proposing, countering or accepting a trade that holds a pair flagged by verification without `acknowledgeFlagged: true`; the message names the pairs. */
  'TRADE_FLAGGED_UNACKNOWLEDGED',
  /** An Idempotency-Key was reused with different parameters. */
  'IDEMPOTENCY_MISMATCH',
  /** The uploaded file is not an image we accept, or is too large. */
  'UNSUPPORTED_MEDIA',
  'PAYLOAD_TOO_LARGE',
  /** The request's headers (cookies, URL) are larger than the server reads (HTTP 431). */
  'HEADERS_TOO_LARGE',
  /** The client took too long to send its request (HTTP 408). */
  'REQUEST_TIMEOUT',
  /** Sign-in: the e-mail and password do not match an account. */
  'INVALID_CREDENTIALS',
  /** An action that needs a second factor used within the last 10 minutes (issue #32): the client asks for one and retries. */
  'STEP_UP_REQUIRED',
  /** Premium's Enhanced Security: a money or address action by a premium member who has no second factor to step up with; they add one on the security page first. */
  'SECOND_FACTOR_REQUIRED',
  /** Premium's Enhanced Security: this session signed in from a new device and its e-mailed link is not opened yet, so it may not move money or change addresses. */
  'DEVICE_UNCONFIRMED',
  /** A new device's confirmation link that is unknown, replaced by a newer one, or past its 24 hours. */
  'DEVICE_LINK_INVALID',
  /** A TOTP code, recovery code or passkey answer that does not match (wrong, expired or already used). */
  'SECOND_FACTOR_INVALID',
  /** Sign-in: an admin suspended this account. */
  'ACCOUNT_SUSPENDED',
  /** Sign-up: an account with this e-mail already exists. */
  'EMAIL_TAKEN',
  /** Sign-up: the password is too weak. */
  'WEAK_PASSWORD',
  /** The card was declined by the payment provider; the message is the provider's, for the member. */
  'PAYMENT_DECLINED',
  /** A payment action that the payment state machine does not allow from the payment's status. */
  'PAYMENT_INVALID_TRANSITION',
  /** The member is already premium for the current period: they are never charged twice for it. */
  'ALREADY_PREMIUM',
  /** Cancel or refund asked by a member who has no premium period to cancel. */
  'NOT_PREMIUM',
  /** The membership was already cancelled: it ends with the paid period. */
  'ALREADY_CANCELED',
  /** The money-back window has closed, or the payment is not the member's first. */
  'REFUND_NOT_ELIGIBLE',
  /** A webhook whose signature does not verify (or a provider that sends none). */
  'WEBHOOK_INVALID',
  /** A withdrawal or a payment from the wallet larger than the member's balance: nothing moved. */
  'INSUFFICIENT_BALANCE',
  /** A withdrawal on a server paying out through Stripe Connect by a member with no connected account. */
  'PAYOUT_ACCOUNT_MISSING',
  /** The payment provider could not be reached or failed; nothing was charged by us. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** The shipping provider says the address cannot be delivered to; the message is the provider's words. Nothing was saved. */
  'ADDRESS_UNDELIVERABLE',
  /** The shipping provider suggests a corrected form of the address; `details.suggestion` holds it beside what was typed. Nothing was saved: send it again with `keepAsTyped: true`, or send the suggestion. */
  'ADDRESS_SUGGESTION',
  /** The shipping provider (EasyPost, the sandbox) could not be reached or failed: nothing was bought or saved; try again. */
  'SHIPPING_PROVIDER_UNAVAILABLE',
  /** A database statement ran past its time limit (DB_STATEMENT_TIMEOUT_MS) and was stopped: try again later. */
  'DB_TIMEOUT',
  /** The feature is disabled in this environment (development tools in production). */
  'DISABLED',
  /** A bug: never thrown on purpose. */
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field path (dot-joined) to message, one entry per failing field. */
  fields?: Record<string, string>;
  /** What a code carries besides its message, as its comment above says (ADDRESS_SUGGESTION: `{ suggestion }`). */
  details?: Record<string, unknown>;
}

/** What a suspended member is told when they try to sign in (code ACCOUNT_SUSPENDED). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account has been suspended by the SoleSwap moderators, so you cannot sign in. If you think this is a mistake, contact support.';

/** What a member is told when the other member of a proposal or loop is suspended (code MEMBER_SUSPENDED). */
export const MEMBER_SUSPENDED_MESSAGE = 'This member is suspended by the SoleSwap moderators and cannot trade for now.';
