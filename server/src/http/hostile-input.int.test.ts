import { rowsOf } from '../db/raw-rows';
import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, imageUploads, tradeReturns } from '../db/schema/index';
import { apiRoutes, fillPath, type ApiRoute, type JsonSchema } from '../../test/api-routes';
import { buildSneaker, buildTrade } from '../../test/factories';
import { signIn, TestClient, useTestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<typeof signIn>>;
import { uploadsDir } from '../modules/uploads/image-store';
import { configureVerification } from '../modules/verification/verification-settings';

/**
 * "Hostile input": for every API route (read from the app's own route table), fast-check derives
 * malformed requests from the route's own schemas (/api/openapi.json carries the zod schemas the
 * handlers parse with, as JSON Schema): wrong types, missing and extra fields, huge strings, deep
 * JSON, non-finite numbers, broken unicode, numbers out of range, malformed ids, bodies that are
 * not JSON, with and without an Idempotency-Key. Every answer must be a success or a 4xx JSON
 * error with a code and a message, never a 5xx, and a refused request must leave every table of
 * the database as it was.
 *
 * fast-check prints the seed of a failing run; FUZZ_SEED=<seed> replays it, FUZZ_RUNS=<n> runs
 * n cases per route instead of the default.
 */

/** Not callable here: sign-in redirects and the test sign-in (it would change who is calling), the endless stream. */
const SKIP = new Set(['GET /api/login', 'GET /api/callback', 'GET /api/logout', 'POST /api/logout', 'POST /api/debug/force-auth', 'GET /api/events']);

/**
 * Routes a page's form posts to (the e-mailed new-device link's page): a form-encoded post is
 * answered with a page for the browser, a JSON post with the JSON error like every other route.
 */
const PAGE_FORM_ROUTES = new Set(['POST /api/auth/confirm-device']);
const isPageForm = (route: ApiRoute, headers: Record<string, string>) =>
  PAGE_FORM_ROUTES.has(route.key) && (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const RUNS = Number(process.env.FUZZ_RUNS ?? 0);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Cases per route: more where there is a body to break. */
const runsFor = (route: ApiRoute) => RUNS || (route.body ? 16 : route.method === 'GET' ? 5 : 6);

/** A raw JSON text spliced into the body where a value goes (numbers JSON.stringify cannot write, broken escapes). */
class Raw {
  constructor(readonly text: string | Buffer) {}
}

const RAW_TOKENS = [
  '1e999',
  '-1e999',
  '1e-999',
  '-0',
  '123456789012345678901234567890',
  '0.1e+400',
  '9007199254740993',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"\\u0000"',
  '"\\uffff\\ufffe"',
  '"a\\u202eb"',
  '"\\u0000\\u0000"',
];
/** Bytes that are not UTF-8, inside a string. */
const BAD_BYTES = [Buffer.from([0x22, 0xc3, 0x28, 0x22]), Buffer.from([0x22, 0xff, 0xfe, 0x22]), Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])];
const OUT_OF_RANGE = [-1, 0, 1.5, -2147483649, 2147483648, 9007199254740992, 1e308, -1e308, 5e-324];
const MALFORMED_IDS = [
  'abc',
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  '٣',
  '１',
  '99999999999999999999',
  "1' or '1'='1",
  '../../etc/passwd',
  '%00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  'null',
  'undefined',
];

const deepArb = fc
  .tuple(fc.integer({ min: 20, max: 5_000 }), fc.boolean())
  .map(([n, arrays]) => new Raw(arrays ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)));
const hugeStringArb = fc.oneof(
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 500, max: 20_000 }).map((n) => '😀'.repeat(n)),
);
/** Any value that is wrong somewhere: another type, too big, too deep, not a number, not unicode. */
const badValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom(...OUT_OF_RANGE),
  fc.constantFrom(...MALFORMED_IDS),
  fc.constantFrom(...RAW_TOKENS).map((t) => new Raw(t)),
  fc.constantFrom(...BAD_BYTES).map((b) => new Raw(b)),
  hugeStringArb,
  deepArb,
);

/** A value the schema accepts, as far as a simple reading of it goes: the base each mutation breaks one part of. */
function plausible(schema: JsonSchema | undefined, ids: Scene): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return plausible(option, ids);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return ids.ben;
      if (schema.format === 'email') return `fuzz-${randomBytes(3).toString('hex')}@example.com`;
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => plausible(schema.items, ids));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, ids)]));
    default:
      return null;
  }
}

/** Top-level fields of a body schema (of its first object form, for a union). */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const object = schema.properties ? schema : (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.properties);
  return Object.keys(object?.properties ?? {});
}

/** JSON text of a value holding Raw pieces, as bytes. */
function encode(value: unknown): Buffer {
  const raws: Raw[] = [];
  const marker = `__raw_${randomBytes(4).toString('hex')}_`;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v);
      return `${marker}${raws.length - 1}`;
    }
    return v;
  });
  if (text === undefined) return Buffer.from('');
  const parts = text.split(new RegExp(`"${marker}(\\d+)"`));
  return Buffer.concat(parts.map((part, i) => (i % 2 === 1 ? Buffer.from(raws[Number(part)]!.text) : Buffer.from(part))));
}

interface Scene {
  ann: string;
  ben: string;
  sneaker: number;
  trade: number;
  conversation: number;
  /** Ben's pair going back to him from Ann after a refund ruling on the trade. */
  tradeReturn: number;
}

interface HostileRequest {
  url: string;
  payload?: Buffer;
  headers: Record<string, string>;
  note: string;
}

/** Valid values for path parameters, so a request gets past the lookup to the input it breaks. */
function validParams(route: ApiRoute, s: Scene): Record<string, string | number> {
  const p = route.path;
  const id =
    p.startsWith('/api/trades/') || p.startsWith('/api/admin/disputes/')
      ? s.trade
      : p.startsWith('/api/trade-returns/')
        ? s.tradeReturn
        : p.startsWith('/api/sneakers/')
          ? s.sneaker
          : p.startsWith('/api/conversations/')
            ? s.conversation
            : p.startsWith('/api/users/') || p.startsWith('/api/admin/users/')
              ? s.ben
              : p.startsWith('/api/payments/sandbox/')
                ? 'pi_sandbox_fuzz'
                : 1;
  // `name`: a dispute photo's file name (GET /api/trades/:id/dispute-evidence/photos/:name);
  // `position`: a loop leg (GET /api/loops/:id/legs/:position/ship-to);
  // `trackingNumber`: a parcel of the sandbox carrier (POST /api/shipping/sandbox/parcels/:trackingNumber/advance);
  // `provider`: the shipping provider a webhook comes from (POST /api/shipping/webhooks/:provider).
  return {
    id,
    userId: s.ben,
    hash: 'ab'.repeat(32),
    name: `${'ab'.repeat(16)}.webp`,
    position: 0,
    trackingNumber: '9400111202555842332669',
    provider: 'sandbox',
  };
}

/** Routes whose `{id}` is not a record number: a member (uuid or username, which may be all digits), a provider's payment id. */
// Ids that are not record numbers: members (a uuid or a username), provider payment ids, a
// session's opaque id, a passkey's credential id.
const TEXT_ID_ROUTES = [
  /^\/api\/users\/\{id\}/,
  /^\/api\/admin\/users\/\{id\}/,
  /^\/api\/payments\/sandbox\/\{id\}/,
  /^\/api\/account\/sessions\/\{id\}/,
  /^\/api\/two-factor\/passkeys\/\{id\}/,
];

const QUERY_NAMES = ['limit', 'cursor', 'q', 'ids', 'hours', 'period', 'before', 'sort', 'brand', 'size', 'condition'];
const queryValueArb = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '-1',
    '0',
    '1e20',
    '2147483648',
    '1e999',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '1.5',
    '%',
    "'",
    '\u0000',
    '\ud800',
    '[]',
    '{}',
    'true',
  ),
  fc.constantFrom(...MALFORMED_IDS),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'q'.repeat(n)),
  // Sent as they are: escapes that are not UTF-8, or not escapes at all.
  fc.constantFrom('%ff%fe', '%c3%28', '%ed%a0%80', '%', '%zz', '%00').map((text) => new Raw(text)),
);

/** Every UTF-8 byte of the value percent-escaped (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncoded = (value: string) => [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const idempotencyKeyArb = fc.option(
  fc.oneof(
    fc.uuid(),
    fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((k) => k.trim()),
    fc.constant('k'.repeat(5_000)),
  ),
  { nil: undefined },
);

function requestArb(route: ApiRoute, s: Scene): fc.Arbitrary<HostileRequest> {
  const valid = validParams(route, s);
  const paramsArb = fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...MALFORMED_IDS, ...OUT_OF_RANGE.map(String))
        .map((bad) => ({ id: bad, userId: bad, hash: bad, name: bad, position: bad, trackingNumber: bad, provider: bad })),
    },
  );
  const queryArb = fc
    .array(fc.tuple(fc.constantFrom(...new Set([...route.query.map((q) => q.name), ...QUERY_NAMES])), queryValueArb), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v instanceof Raw ? String(v.text) : percentEncoded(v)}`).join('&'));

  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const base = plausible(route.body, s) as Record<string, unknown>;
  const fields = fieldsOf(route.body);
  const fieldArb = fields.length ? fc.constantFrom(...fields) : fc.constant('unexpected');
  const bodyArb: fc.Arbitrary<{ payload: Buffer; type: string; note: string }> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fieldArb, badValueArb)
        .map(([f, v]) => ({ payload: encode({ ...base, [f]: v }), type: 'application/json', note: `${f} broken` })),
    },
    {
      weight: 2,
      arbitrary: fieldArb.map((f) => ({
        payload: encode(Object.fromEntries(Object.entries(base).filter(([k]) => k !== f))),
        type: 'application/json',
        note: `${f} missing`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 20 }), badValueArb)
        .map(([k, v]) => ({ payload: encode({ ...base, [k]: v }), type: 'application/json', note: `extra field ${JSON.stringify(k)}` })),
    },
    { weight: 2, arbitrary: badValueArb.map((v) => ({ payload: encode(v), type: 'application/json', note: 'the whole body replaced' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '{', '{"a":}', 'NaN', "{'a':1}", '{"a":1}{"b":2}', '\ufeff{}', 'null')
        .map((text) => ({ payload: Buffer.from(text), type: 'application/json', note: 'not JSON' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
        )
        .map((type) => ({
          payload: encode(base),
          type,
          note: `sent as ${type}`,
        })),
    },
  );

  return fc
    .record({ params: paramsArb, query: queryArb, body: hasBody ? bodyArb : fc.constant(undefined), key: idempotencyKeyArb })
    .map(({ params, query, body, key }) => {
      const path = fillPath(route.path, params);
      const headers: Record<string, string> = {};
      if (body) headers['content-type'] = body.type;
      if (key) headers['idempotency-key'] = key;
      return {
        url: route.method === 'GET' && query ? `${path}?${query}` : path,
        ...(body ? { payload: body.payload } : {}),
        headers,
        note: `${body?.note ?? 'no body'}${key !== undefined ? ', with an Idempotency-Key' : ''}`,
      };
    });
}

/** signIn from another address: a client whose session the development login gave from `remoteAddress`. */
async function signInFrom(app: FastifyInstance, remoteAddress: string, who: { email: string; username: string; role?: 'admin' }) {
  const res = await app.inject({ method: 'POST', url: '/api/debug/force-auth', payload: who, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const client = new TestClient(app);
  client.cookie = `soleswap.sid=${res.cookies.find((c) => c.name === 'soleswap.sid')!.value}`;
  return client;
}

describe('hostile input', () => {
  const testApp = useTestApp();
  let routes: ApiRoute[];
  let ann: Member;
  let admin: Member;
  let scene: Scene;
  let fingerprintSql: ReturnType<typeof sql.raw>;

  /** Every table's row count and the sum of its rows' writing transactions (xmin): any insert, update or delete changes one or the other. */
  async function fingerprint(): Promise<Record<string, string>> {
    // What an earlier accepted request set off (notifications, live events) lands first.
    await testApp().ctx.events.idle();
    const rows = rowsOf<{ t: string; n: number; h: string }>(await testApp().ctx.db.execute(fingerprintSql));
    return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
  }

  beforeAll(async () => {
    const t = testApp();
    // Verifications answer 202 with the queued run at once instead of waiting for it.
    configureVerification(t.ctx, { waitMs: 0 });
    routes = (await apiRoutes(t.app)).filter((r) => !SKIP.has(r.key));
    ann = await signIn(t.app, { email: 'fuzz-ann@example.com', username: 'fuzzann' });
    const ben = await signIn(t.app, { email: 'fuzz-ben@example.com', username: 'fuzzben' });
    admin = await signIn(t.app, { email: 'fuzz-admin@example.com', username: 'fuzzadmin', role: 'admin' });
    const annId = ann.user.id;
    const sneaker = await buildSneaker(t.ctx, { userId: annId });
    const benSneaker = await buildSneaker(t.ctx, { userId: ben.user.id });
    const trade = await buildTrade(t.ctx, {
      proposerId: ben.user.id,
      receiverId: annId,
      proposerSneakerIds: [benSneaker.id],
      receiverSneakerIds: [sneaker.id],
    });
    const conversation = await ann.post('/api/conversations', { userId: ben.user.id });
    const [tradeReturn] = await t.ctx.db
      .insert(tradeReturns)
      .values({
        tradeId: trade.id,
        ownerSide: 'proposer',
        ownerId: ben.user.id,
        senderId: annId,
        sneakerIds: [benSneaker.id],
        returnBy: t.ctx.now(),
        createdAt: t.ctx.now(),
      })
      .returning({ id: tradeReturns.id });
    scene = { ann: annId, ben: ben.user.id, sneaker: sneaker.id, trade: trade.id, conversation: conversation.body.id, tradeReturn: tradeReturn!.id };

    // Left out: sessions (a request may refresh its own session's expiry whatever it asked) and the
    // rate-limit counters (counting every attempt, refused or not, is their job).
    const tables = rowsOf<{ t: string }>(
      await t.ctx.db.execute(
        sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'rate_limit_hits') order by 1`,
      ),
    );
    fingerprintSql = sql.raw(
      tables
        .map(({ t: name }) => `select '${name}' as t, count(*)::int as n, coalesce(sum(xmin::text::bigint), 0)::text as h from "${name}"`)
        .join(' union all '),
    );
  }, 60_000);

  it('answers a body that is not JSON with 400 VALIDATION_FAILED', async () => {
    const res = await testApp().app.inject({
      method: 'POST',
      url: '/api/early-signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers every malformed request with a 4xx JSON error (never a 5xx), and a refused one changes nothing', async () => {
    const { app } = testApp();
    expect(routes.length).toBeGreaterThan(80);
    let last = await fingerprint();
    let refused = 0;
    let total = 0;
    for (const route of routes) {
      const caller = route.path.startsWith('/api/admin/') ? admin : ann;
      await fc.assert(
        fc.asyncProperty(
          requestArb(route, scene),
          fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, fc.constant(true)),
          async (req, asVisitor) => {
            const res = await app.inject({
              method: route.method,
              url: req.url,
              headers: { ...(asVisitor ? {} : { cookie: caller.cookie! }), ...req.headers },
              ...(req.payload ? { payload: req.payload } : {}),
            });
            if (route.body) total++;
            const what = `${route.key} (${req.note}${asVisitor ? ', as a visitor' : ''}) -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, what).toBeLessThan(500);
            if (res.statusCode < 400) {
              last = await fingerprint();
              return;
            }
            if (route.body) refused++;
            if (isPageForm(route, req.headers)) {
              // A browser's form post to a page route is answered with the page saying what went wrong.
              expect(String(res.headers['content-type']), what).toContain('text/html');
            } else {
              expect(String(res.headers['content-type']), what).toContain('application/json');
              const body = res.json() as { code?: unknown; message?: unknown };
              expect(typeof body.code, what).toBe('string');
              expect(typeof body.message, what).toBe('string');
            }
            const now = await fingerprint();
            let changed = Object.keys(now).filter((table) => now[table] !== last[table]);
            last = now;
            // With a key, the refusal itself is kept as the key's answer, to be replayed to a retry
            // (server/src/http/idempotency.ts): that row, holding this very answer, is the one change allowed.
            const key = req.headers['idempotency-key'];
            if (key && !asVisitor && changed.includes('idempotency_keys')) {
              const [stored] = await testApp()
                .ctx.db.select({ statusCode: idempotencyKeys.statusCode })
                .from(idempotencyKeys)
                .where(and(eq(idempotencyKeys.userId, caller.user.id), eq(idempotencyKeys.key, key)));
              expect(stored?.statusCode, `${what}: the key's stored answer`).toBe(res.statusCode);
              changed = changed.filter((table) => table !== 'idempotency_keys');
            }
            expect(changed, `${what}: a refused request changed these tables`).toEqual([]);
          },
        ),
        { numRuns: runsFor(route), ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
      );
    }
    // Most cases sent to a route with a schema must really be malformed, or the test proves little.
    expect(refused / total).toBeGreaterThan(0.8);
  }, 300_000);

  it('refuses record ids and cursors beyond int4 with 400 on every route (path and query), never a 500', async () => {
    const t = testApp();
    const beyond = ['2147483648', '-1', '1e20', '0', '1.5', '99999999999999999999'];
    const bigCursors = [
      ...beyond.filter((v) => v !== '1.5'),
      '2147483648.2147483648',
      '9'.repeat(400),
      Buffer.from('2147483648').toString('base64url'),
      Buffer.from(JSON.stringify({ i: 2_147_483_648, r: 2_147_483_648, t: 1e20 })).toString('base64url'),
    ];
    let checked = 0;
    let checkedRoutes = 0;
    const wrong: string[] = [];
    for (const route of routes) {
      // Not record numbers: members (a uuid or a username, which may be all digits), provider payment ids, ledger hashes.
      const numeric = TEXT_ID_ROUTES.some((re) => re.test(route.path)) ? [] : route.params.filter((p) => p === 'id');
      const idQueries =
        route.method === 'GET'
          ? route.query.filter((q) => q.name === 'cursor' || q.name === 'before' || /ids?$/i.test(q.name)).map((q) => q.name)
          : [];
      if (!numeric.length && !idQueries.length) continue;
      // A member of its own for each route, so no rate limit answers before the id is read; each
      // signs in from an address of its own, so the development login's limit per address (60 a
      // minute) does not run out with the number of routes.
      const tag = randomBytes(4).toString('hex');
      const caller = await signInFrom(t.app, `10.77.${(checkedRoutes >> 8) & 255}.${checkedRoutes++ & 255}`, {
        email: `range-${tag}@example.com`,
        username: `range${tag}`,
        ...(route.path.startsWith('/api/admin/') ? { role: 'admin' as const } : {}),
      });
      const valid = validParams(route, scene);
      const urls = [
        ...(numeric.length ? beyond.map((bad) => fillPath(route.path, { ...valid, id: bad })) : []),
        ...idQueries.flatMap((name) =>
          (name === 'cursor' ? bigCursors : beyond).map((bad) => `${fillPath(route.path, valid)}?${name}=${encodeURIComponent(bad)}`),
        ),
      ];
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      for (const url of urls) {
        const res = await caller.request(route.method, url, hasBody ? plausible(route.body, scene) : undefined);
        checked++;
        if (res.status !== 400 || res.body?.code !== 'VALIDATION_FAILED') wrong.push(`${route.key}: ${url} -> ${res.status} ${res.body?.code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 120_000);

  it('refuses a 100 MB upload with 413 and stores nothing', async () => {
    const t = testApp();
    // A member of its own: the cases above used up Ann's image allowance for the minute.
    const uploader = await signInFrom(t.app, '10.78.0.1', { email: 'fuzz-uploader@example.com', username: 'fuzzuploader' });
    const storedFiles = () => readdirSync(uploadsDir(t.ctx.env.DATA_DIR), { recursive: true }).map(String).sort();
    const filesBefore = storedFiles();
    const rowsBefore = await t.ctx.db.select().from(imageUploads);
    const hundredMb = Buffer.alloc(100 * 1024 * 1024, 0x41);

    const boundary = '----soleswapfuzz';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      hundredMb,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const asFile = await uploader.request('POST', '/api/uploads', multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(asFile.status).toBe(413);
    expect(asFile.body.code).toBe('PAYLOAD_TOO_LARGE');

    const asJson = await uploader.request(
      'POST',
      '/api/uploads',
      Buffer.concat([Buffer.from('{"dataUrl":"data:image/png;base64,'), hundredMb, Buffer.from('"}')]),
      {
        'content-type': 'application/json',
      },
    );
    expect(asJson.status).toBe(413);
    expect(asJson.body.code).toBe('PAYLOAD_TOO_LARGE');

    expect(storedFiles()).toEqual(filesBefore);
    expect(await t.ctx.db.select().from(imageUploads)).toEqual(rowsBefore);
  }, 60_000);
});
