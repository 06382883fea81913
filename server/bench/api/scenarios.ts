import type { BenchTargets } from './prepare';
import type { ScenarioGroup } from './report';
import { distinctReadPath, type ReadQueries } from './read-queries';
import { distinctShapePath, searchShapes } from '../search-shapes';

/** One route under load (server/bench/README.md "API benchmark"). */
export interface Scenario {
  name: string;
  label: string;
  /** Public reads must reach 40% of the baseline's req/s, member reads 10%. */
  group: ScenarioGroup;
  connections: number;
  method: 'GET' | 'POST';
  /** The request for the n-th call (cookie, path, body), rotating over members and rows. */
  request: (n: number) => { path: string; cookie?: string; body?: unknown };
  /** At most this many requests (accepting: each proposal once). */
  amount?: () => number;
  /** Writes answer 201/200; the proposal ids are kept for accepting. */
  onResponse?: (status: number, body: string) => void;
  /**
   * A cached read: the one URL a second run repeats, so the response cache answers it (the
   * figure the old benchmark reported), beside the distinct requests of `request`.
   */
  cachedPath?: string;
}

export function scenarios(
  t: BenchTargets,
  reads: ReadQueries,
  accepted: { tradeId: number; cookie: string }[],
  readConnections: number,
  memberConnections: number,
  postConnections: number,
): Scenario[] {
  const proposeIndex = { n: 0 };
  const shapes = searchShapes();
  const fuzzy = [...shapes.typo, ...shapes.abbreviation, ...shapes.alias];
  const proposedByBody = new Map<number, string>();
  return [
    // Distinct queries built from the listings (read-queries.ts): none is answered by the cache.
    ...(
      [
        ['browse', 'browse, first page, narrowed by size/brand/sort (visitor)', reads.browse, '/api/sneakers/public'],
        ['search-word', 'search, one word', reads.oneWord, '/api/sneakers/public?q=jordan'],
        ['search-brand', 'search, word + brand', reads.wordBrand, '/api/sneakers/public?q=retro&brand=Jordan'],
        ['search-two', 'search, two words', reads.twoWords, '/api/sneakers/public?q=white%20low'],
        ['search-brand-value', 'search, word + brand by value', reads.wordBrandValue, '/api/sneakers/public?q=retro&brand=Jordan&sort=value_desc'],
      ] as const
    ).map(([name, label, list, cachedPath]): Scenario => ({
      name,
      label,
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: (n) => ({ path: distinctReadPath('/api/sneakers/public', list, n) }),
      cachedPath,
    })),
    // Collector queries (search-shapes.ts), a distinct URL every request: no response cache answers them.
    ...(['typo', 'abbreviation', 'alias', 'style code', 'size'] as const).map((shape): Scenario => ({
      name: `search-${shape.replace(' ', '-')}`,
      label: `search, ${shape} (distinct)`,
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: (n) => ({ path: distinctShapePath(shapes[shape], n) }),
    })),
    {
      name: 'library-fuzzy',
      label: 'library, typos and aliases (distinct)',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: (n) => ({ path: distinctShapePath(fuzzy, n, true) }),
    },
    {
      name: 'library',
      label: 'library (catalogue)',
      group: 'public read',
      connections: readConnections,
      method: 'GET',
      request: () => ({ path: '/api/catalog' }),
    },
    {
      name: 'locker',
      label: `member's locker (${t.collector.sneakers} sneakers)`,
      group: 'public read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: `/api/sneakers/user/${t.collector.id}` }),
    },
    {
      name: 'trades',
      label: `trade list (${t.trader.trades} trades)`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/trades', cookie: t.trader.cookie }),
    },
    {
      name: 'messages',
      label: `one trade's messages (${t.chatTrade.messages})`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: `/api/trades/${t.chatTrade.id}/messages`, cookie: t.trader.cookie }),
    },
    {
      name: 'notifications',
      label: 'notifications list',
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/notifications', cookie: t.trader.cookie }),
    },
    {
      name: 'portfolio',
      label: `portfolio analytics (${t.collector.sneakers} sneakers)`,
      group: 'member read',
      connections: memberConnections,
      method: 'GET',
      request: () => ({ path: '/api/analytics/portfolio', cookie: t.collector.cookie }),
    },
    {
      name: 'post-message',
      label: 'post a message',
      group: 'write',
      connections: postConnections,
      method: 'POST',
      request: (n) => {
        const poster = t.posters[n % t.posters.length]!;
        return {
          path: `/api/conversations/${poster.conversationId}/messages`,
          cookie: poster.cookie,
          body: { content: `Bench message ${n}: still available?` },
        };
      },
    },
    {
      name: 'propose',
      label: 'propose a trade',
      group: 'write',
      connections: memberConnections,
      method: 'POST',
      request: () => {
        const i = proposeIndex.n++;
        const p = t.proposals[i % t.proposals.length]!;
        proposedByBody.set(p.proposerSneakerId, p.receiverCookie);
        return {
          path: '/api/trades',
          cookie: p.cookie,
          body: { receiverId: p.receiverId, proposerSneakerIds: [p.proposerSneakerId], receiverSneakerIds: [p.receiverSneakerId] },
        };
      },
      onResponse: (status, body) => {
        if (status !== 201) return;
        const trade = JSON.parse(body) as { id: number; proposerSneakerIds: number[] };
        const cookie = proposedByBody.get(trade.proposerSneakerIds[0]!);
        if (cookie) accepted.push({ tradeId: trade.id, cookie });
      },
    },
    {
      name: 'accept',
      label: 'accept a trade (locks escrow)',
      group: 'write',
      connections: memberConnections,
      method: 'POST',
      amount: () => accepted.length,
      request: (n) => {
        const a = n < 0 ? accepted.pop() : accepted[n % Math.max(1, accepted.length)];
        return a ? { path: `/api/trades/${a.tradeId}/accept`, cookie: a.cookie } : { path: '/api/trades/0/accept' };
      },
    },
  ];
}
