/**
 * Every TanStack Query key of the app, grouped by module. Features import their keys from here and
 * never write a key inline, so one file shows which queries an invalidation reaches.
 *
 * TanStack Query matches a key by prefix, element by element: invalidating `['/api/users']`
 * reaches `['/api/users', id, 'stats']`, but not `['/api/users/me']`, since a string element only
 * matches an identical string. Most keys start with the API path they load, so "everything under
 * /api/sneakers" is one invalidation. The prefix relations the app relies on are written next to
 * each group; a key that is *not* under a prefix it looks like it belongs to says so too.
 */

/** The signed-in member (`GET /api/auth/user`). Not under `userKeys.all`. */
export const currentUserKey = ['/api/auth/user'] as const;

/**
 * Members. `userKeys.all` is the prefix of every key in this group and of `followKeys.status`
 * and `blockKeys.status`; `userKeys.detail(id)` is the prefix of everything about that member.
 */
export const userKeys = {
  all: ['/api/users'] as const,
  /** One profile; the trade proposal's partner reads the same entry. */
  detail: (userId: string) => [...userKeys.all, userId] as const,
  /** Sneaker, trade and follow counters. */
  stats: (userId: string) => [...userKeys.detail(userId), 'stats'] as const,
  /** Completed trades, a page at a time. */
  tradeHistory: (userId: string) => [...userKeys.detail(userId), 'trades', 'history'] as const,
};

/** Follows: the status sits under the member (`userKeys.detail`); the lists share `followKeys.lists`. */
export const followKeys = {
  status: (userId: string) => [...userKeys.detail(userId), 'follow'] as const,
  /** Prefix of every follow list, so a follow or unfollow refreshes them all. */
  lists: ['follow-lists'] as const,
  list: (userId: string, side: 'followers' | 'following') => [...followKeys.lists, userId, side] as const,
};

/** Blocks: under the member (`userKeys.detail`), so a change to members reaches it. */
export const blockKeys = {
  status: (userId: string) => [...userKeys.detail(userId), 'block'] as const,
};

/**
 * Members' sneakers. `sneakerKeys.all` is the prefix of every key in this group and of a
 * sneaker's price history, so one invalidation refreshes every list (browse, locker, profile,
 * latest drops), each detail page and the prices after an add, edit, delete, trade or verification.
 */
export const sneakerKeys = {
  all: ['/api/sneakers'] as const,
  detail: (id: number) => [...sneakerKeys.all, id] as const,
  /** Browse's paged search, per scope (members or visitors) and filters. */
  search: (scope: 'member' | 'public', filters: object) => [...sneakerKeys.all, 'search', scope, filters] as const,
  /** Every sneaker of one member (locker, profile). */
  user: (userId: string) => [...sneakerKeys.all, 'user', userId] as const,
  latest: (limit: number) => [...sneakerKeys.all, 'latest', { limit }] as const,
};

/**
 * Trades. `tradeKeys.all` is the prefix of every trade query. The tradable sneakers of the
 * proposal pickers have their own prefix (`tradeKeys.tradableSneakers`), which is *not* under
 * `sneakerKeys.all`: a trade change invalidates both.
 */
export const tradeKeys = {
  all: ['/api/trades'] as const,
  /** One tab of the trades page (a status, or 'all'), a page at a time. */
  list: (tab: string) => [...tradeKeys.all, 'list', tab] as const,
  /** The per-tab counts. */
  counts: ['/api/trades', 'counts'] as const,
  /** One trade; its messages sit under it (see `chatKeys.messages`). */
  detail: (id: number) => [...tradeKeys.all, id] as const,
  tradableSneakers: ['/api/sneakers/user'] as const,
  tradableSneakersOf: (userId: string, limit: number) => [...tradeKeys.tradableSneakers, userId, { tradable: true, limit }] as const,
  /** A disputed trade's evidence (notes and photos of both parties), under the trade. */
  disputeEvidence: (id: number) => [...tradeKeys.all, id, 'dispute-evidence'] as const,
  /** The caller's appeal of a protection hold captured on the trade (issue #40). */
  holdAppeal: (id: number) => [...tradeKeys.all, id, 'hold-appeal'] as const,
  /** The protection holds a proposal (or counter) would carry, keyed by its selection. */
  protectionHoldPreview: (receiverId: string, proposerSneakerIds: readonly number[], receiverSneakerIds: readonly number[]) =>
    [...tradeKeys.all, 'protection-holds', receiverId, { proposerSneakerIds, receiverSneakerIds }] as const,
};

/** The caller's address book, and a trade's ship-to addresses (under the trade, so trade refreshes include it). */
/** The member's wallet (`GET /api/wallet`): the balance and its entries, a page at a time. */
export const walletKeys = {
  all: ['/api/wallet'] as const,
  /** Every hold put on the member's card (`GET /api/wallet/card-holds`), a page at a time (issue #42). */
  cardHolds: ['/api/wallet', 'card-holds'] as const,
  /** Where the member's withdrawals go (`GET /api/wallet/payout-destination`). */
  payoutDestination: ['/api/wallet', 'payout-destination'] as const,
};

export const addressKeys = {
  all: ['/api/addresses'] as const,
  shipTo: (tradeId: number) => [...tradeKeys.all, tradeId, 'ship-to'] as const,
};

/** The authentication centre: the inspectors' queue, and a trade's pairs (under the trade, so trade refreshes include them). */
export const inspectionKeys = {
  all: ['/api/inspection'] as const,
  queue: (status: string) => [...inspectionKeys.all, 'queue', status] as const,
  config: () => [...inspectionKeys.all, 'config'] as const,
  destination: (pairId: number) => [...inspectionKeys.all, 'destination', pairId] as const,
  trade: (tradeId: number) => [...tradeKeys.all, tradeId, 'inspection'] as const,
};

/**
 * The catalogue (library). `catalogKeys.all` is the prefix of the release searches and of a
 * release's price history; `catalogKeys.stats` is *not* under it, so reloading the library
 * invalidates both.
 */
export const catalogKeys = {
  all: ['/api/catalog'] as const,
  releases: (filters: object) => [...catalogKeys.all, filters] as const,
  /** The library's read of the same releases with its "did you mean" (find-library-releases.ts), under `releases` so reloading the library refreshes it. */
  libraryReleases: (filters: object) => [...catalogKeys.releases(filters), 'library'] as const,
  stats: ['/api/catalog/stats'] as const,
};

/** Price history, keyed under the sneaker's or release's prefix so a verification's refresh reaches it. */
export const verificationKeys = {
  priceHistory: (kind: 'sneaker' | 'catalog', path: string) => [kind === 'sneaker' ? sneakerKeys.all[0] : catalogKeys.all[0], path] as const,
  /** The price lines of a library page, one read for all its cards. */
  releasePriceLines: (path: string) => [catalogKeys.all[0], path] as const,
};

/** Notifications: `notificationKeys.all` reaches the bell's list; the preferences are *not* under it. */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: ['/api/notifications', 'list'] as const,
  preferences: ['/api/notifications/preferences'] as const,
};

/** Web Push on this device: whether alerts are on here is the browser's and the server's answer together. */
export const pushKeys = {
  device: ['/api/push/subscriptions/status'] as const,
  /** Which kinds are pushed (the member's, for all their devices). */
  preferences: ['/api/push/preferences'] as const,
};

/** Payments and membership: four separate keys, none a prefix of another. */
export const paymentKeys = {
  config: ['/api/payments/config'] as const,
  membership: ['/api/membership'] as const,
  history: ['/api/payments'] as const,
  /** The checkout's payment intent, created once per visit of the checkout. */
  membershipPayment: ['membership-payment'] as const,
};

/**
 * Shipping labels and the carrier's word (issue #43). The config is its own key; a trade's labels and
 * timelines sit under the trade (`tradeKeys.detail`), so every trade refresh reaches them.
 */
export const shippingKeys = {
  config: ['/api/shipping/config'] as const,
  trade: (tradeId: number) => [...tradeKeys.all, tradeId, 'shipping'] as const,
};

/** Analytics: `analyticsKeys.all` is the prefix of both. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  portfolio: (period: string) => [...analyticsKeys.all, 'portfolio', period] as const,
  siteStats: (hours: number) => [...analyticsKeys.all, 'site-stats', hours] as const,
};

/** Whether trading is open or the site is before launch (`GET /api/launch`). */
export const launchKeys = {
  config: ['/api/launch'] as const,
};

/** The admin's early-signup pages: `earlySignupKeys.all` is the prefix of the list and the summary. */
export const earlySignupKeys = {
  all: ['admin', 'early-signups'] as const,
  list: (q: string) => [...earlySignupKeys.all, 'list', q] as const,
  summary: ['admin', 'early-signups', 'summary'] as const,
};

/** The ledger: `ledgerKeys.window(hash)` is the prefix of that entry's private details. */
export const ledgerKeys = {
  window: (hash: string) => ['/api/ledger/entries', hash] as const,
  entryDetails: (hash: string) => [...ledgerKeys.window(hash), 'details'] as const,
  verification: ['/api/ledger/verify'] as const,
  /** A check computed in the browser from the revealed salt; no request. */
  commitmentCheck: (hash: string, salt: string, commitment: string) => ['ledger-commitment-check', hash, salt, commitment] as const,
};

/** The sign-in provider's interaction page. */
export const identityKeys = {
  interactionDetails: (uid: string) => ['/idp/interaction', uid, 'details'] as const,
};

/** The signed-in member's account on /settings/security; `accountKeys.all` is the prefix of both. */
export const accountKeys = {
  all: ['/api/account'] as const,
  sessions: ['/api/account', 'sessions'] as const,
};

/** Development pages. */
export const diagnosticsKeys = {
  serverInfo: ['/api/debug/server-info'] as const,
};

/**
 * Chat. A trade's messages sit under `tradeKeys.all` (`['/api/trades', id, 'messages']`), so a
 * trade change refreshes them with the trade; a conversation's sit under `chatKeys.conversations`,
 * as does each conversation, so refreshing the list (without `exact`) reaches both. The unread
 * counts are under neither.
 */
export const chatKeys = {
  conversations: ['/api/conversations'] as const,
  conversation: (id: number) => [...chatKeys.conversations, id] as const,
  messages: (thread: { kind: 'trade' | 'conversation' | 'loop'; id: number }) =>
    thread.kind === 'trade'
      ? ([...tradeKeys.all, thread.id, 'messages'] as const)
      : thread.kind === 'loop'
        ? ([...loopKeys.all, thread.id, 'messages'] as const)
        : ([...chatKeys.conversation(thread.id), 'messages'] as const),
  unread: ['/api/chat/unread'] as const,
};

/** Trade loops: one key, the member's loops (the admin's clearing run refreshes it too). */
export const loopKeys = {
  all: ['/api/loops'] as const,
  /** Where one leg goes, as the caller may see it. */
  legShipTo: (loopId: number, position: number) => ['/api/loops', loopId, 'legs', position, 'ship-to'] as const,
};

/**
 * Wants: the wantlist and the matches are separate keys, and a wantlist change invalidates both.
 * The release search of the "add a want" picker sits under `catalogKeys.all`, so reloading the
 * library reaches it.
 */
export const wantKeys = {
  list: ['/api/wants'] as const,
  matches: ['/api/matches'] as const,
  releaseSearch: (q: string) => [...catalogKeys.all, 'wants', q] as const,
};

/**
 * Moderation (admins). `moderationKeys.disputes` is the prefix of a dispute's history and chat, so a
 * ruling refreshes the whole queue; the reports queue has its own key.
 */
export const moderationKeys = {
  disputes: ['admin', 'disputes'] as const,
  disputeHistory: (tradeId: number) => [...moderationKeys.disputes, tradeId, 'history'] as const,
  disputeChat: (tradeId: number) => [...moderationKeys.disputes, tradeId, 'messages'] as const,
  disputeEvidence: (tradeId: number) => [...moderationKeys.disputes, tradeId, 'evidence'] as const,
  reports: ['admin', 'reports'] as const,
  /** Appeals of captured protection holds waiting for a ruling. */
  holdAppeals: ['admin', 'hold-appeals'] as const,
  /** Pairs not shipped back by their return-by after a refund ruling (under disputes: a ruling refreshes both). */
  overdueReturns: ['admin', 'disputes', 'overdue-returns'] as const,
};
