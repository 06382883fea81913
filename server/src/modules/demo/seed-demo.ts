import type { FastifyBaseLogger } from 'fastify';
import type { CatalogRelease } from '@soleswap/contracts/catalog';
import { toCents } from '@soleswap/contracts/money';
import { CONDITIONS, CreateSneakerSchema } from '@soleswap/contracts/sneakers';
import type { AppContext } from '../../context';
import { findCatalogReleases } from '../catalog/find-catalog-releases';
import { getReleaseArtwork } from '../catalog/get-release-artwork';
import { isCatalogEmpty, seedCatalogIfEmpty } from '../catalog/seed-catalog';
import { ensureLocalAccount } from '../identity/local-accounts';
import { createSneaker } from '../sneakers/create-sneaker';
import { saveImage } from '../uploads/save-image';
import { seedDemoPriceHistory } from '../verification/seed-demo-price-history';
import { verifySneakersNow } from '../verification/verify-at-seed';
import { renderDemoPhoto } from './demo-photo';
import { DEMO_MEMBERS, type DemoMember } from './demo-members';
import { countSneakersOfMember, findSneakerIdsOfMember } from '../sneakers/sneaker-records';
import { countMembers, ensureMemberByEmail } from '../users/member-records';

/**
 * Demo members sign in through the embedded provider with this password (README "Demo accounts").
 * Giving them local accounts also stops anyone else from signing up with their e-mail and
 * being adopted into a demo member.
 */
export const DEMO_PASSWORD = 'soleswap-demo';

/** What the demo seeding produced, for hooks that build on it (demo trades). */
export interface DemoContent {
  members: Array<{ id: string; username: string; availableSneakerIds: number[] }>;
}

export interface SeedDemoHooks {
  /**
   * Adds the demo trades (one of each status; see docs/rules/roles.md#demo-content); provided by modules/trades.
   * Called on every seedDemo run with the members and their tradeable sneakers, so it must
   * be idempotent itself (e.g. do nothing when demo trades exist).
   */
  seedDemoTrades?: (ctx: AppContext, demo: DemoContent) => Promise<void>;
}

/** Condition and how much of the market price it keeps, in percent (integer maths on cents). */
const CONDITION_CYCLE: Array<{ condition: string; keepPercent: number; note: string }> = [
  { condition: '10', keepPercent: 100, note: 'Deadstock with the original box and receipt.' },
  { condition: '9.5', keepPercent: 94, note: 'Tried on indoors once, no creasing.' },
  { condition: '9', keepPercent: 88, note: 'Worn a handful of times, cleaned after every wear.' },
  { condition: '8.5', keepPercent: 80, note: 'Light toe-box creasing, soles still crisp.' },
];

/**
 * The demo community: the catalogue (when it is empty; seedStartupContent has usually just filled
 * it, and upserting its releases again was a first start's work done twice), then each demo member with a few sneakers from it
 * (each photographed: the release artwork in a scene of its own; linked to the release for market
 * prices), one hidden from trading, every new pair verified. Idempotent: members are found by e-mail and a member who already has sneakers gets none.
 */
export async function seedDemo(ctx: AppContext, hooks: SeedDemoHooks = {}): Promise<DemoContent> {
  await seedCatalogIfEmpty(ctx);
  const { releases } = await findCatalogReleases(ctx, { limit: 100 });
  const used = new Set<number>();
  const demo: DemoContent = { members: [] };
  const created: number[] = [];
  for (const [index, member] of DEMO_MEMBERS.entries()) {
    const userId = await ensureMemberByEmail(ctx.db, {
      email: member.email,
      username: member.username,
      firstName: member.firstName,
      lastName: member.lastName,
      bio: member.bio,
      // Staggered join dates, so profiles do not all say "joined today".
      createdAt: new Date(ctx.now().getTime() - (DEMO_MEMBERS.length - index) * 21 * 24 * 3600 * 1000),
    });
    if (!ctx.env.OIDC_ISSUER_URL) {
      await ensureLocalAccount(ctx, {
        email: member.email,
        password: DEMO_PASSWORD,
        username: member.username,
        firstName: member.firstName,
        lastName: member.lastName,
      });
    }
    const picks = pickReleases(releases, member, used);
    if ((await countSneakersOfMember(ctx.db, userId)) === 0) {
      for (const [i, release] of picks.entries()) {
        // Each pair has its own photo (the release's artwork in a scene of its own), uploaded
        // through the same pipeline as a member's, so the photo checks have a real photo to read.
        const photo = await saveImage(ctx, { bytes: await renderDemoPhoto(await getReleaseArtwork(ctx, { id: release.id }), index * 100 + i + 1) });
        const sneaker = await createSneaker(ctx, { ownerId: userId, input: demoSneaker(release, member, i, photo.imageUrl) });
        created.push(sneaker.id);
      }
    }
    demo.members.push({
      id: userId,
      username: member.username,
      availableSneakerIds: await findSneakerIdsOfMember(ctx.db, userId, { availableOnly: true }),
    });
  }
  await hooks.seedDemoTrades?.(ctx, demo);
  // The pairs reach their verdicts by being verified: the genuine-looking ones come out authentic,
  // the one suspicious pair (SUSPICIOUS_DEMO_PAIR) is flagged. After the trades, which were agreed
  // on pairs not yet verified.
  await verifySneakersNow(ctx, created);
  // A year of price history (marked demo) for the members' pairs and the catalogue, so the
  // charts of a fresh install have something to show.
  const demoSneakerIds = (await Promise.all(demo.members.map((m) => findSneakerIdsOfMember(ctx.db, m.id)))).flat();
  await seedDemoPriceHistory(ctx, { sneakerIds: demoSneakerIds, releaseIds: releases.map((r) => r.id) });
  return demo;
}

/**
 * Start-up seeding: the catalogue whenever it is empty (it is reference data, even with
 * SEED_DEMO=0), and the demo community on a first start (no users yet) unless SEED_DEMO=0.
 * Failures are logged, never fatal: the site works without demo content.
 */
export async function seedStartupContent(ctx: AppContext, log: FastifyBaseLogger, hooks: SeedDemoHooks = {}): Promise<void> {
  try {
    const catalog = await seedCatalogIfEmpty(ctx);
    if (catalog) log.info(`catalogue seeded with ${catalog.count} releases`);
    if (await isDemoToSeed(ctx)) {
      const demo = await seedDemo(ctx, hooks);
      log.info(`demo content seeded: ${demo.members.map((m) => m.username).join(', ')}`);
    }
  } catch (error) {
    log.error({ err: error }, 'start-up seeding failed');
  }
}

/** A first start that seeds the demo: SEED_DEMO on and no member yet. */
async function isDemoToSeed(ctx: AppContext): Promise<boolean> {
  return ctx.env.SEED_DEMO && (await countMembers(ctx.db)) === 0;
}

/**
 * Whether seedStartupContent has anything to write (an empty catalogue, or the demo on a first
 * start), asked before it runs: a start with nothing to seed skips what seeding needs.
 */
export async function hasStartupContentToSeed(ctx: AppContext): Promise<boolean> {
  return (await isCatalogEmpty(ctx)) || (await isDemoToSeed(ctx));
}

/** The member's releases: their brands in turn, most popular first, none shared with another member. */
function pickReleases(releases: CatalogRelease[], member: DemoMember, used: Set<number>): CatalogRelease[] {
  const queues = member.brands.map((brand) => releases.filter((r) => r.brand === brand));
  const picks: CatalogRelease[] = [];
  for (let round = 0; picks.length < member.count && queues.some((q) => q.length); round++) {
    const queue = queues[round % queues.length]!;
    let next = queue.shift();
    while (next && used.has(next.id)) next = queue.shift();
    if (!next) continue;
    used.add(next.id);
    picks.push(next);
  }
  return picks;
}

/**
 * The demo's one suspicious pair, so the flag can be seen: a member's pair hidden from trading,
 * listed at a third of its market price with replica wording. The verifier flags it on both.
 */
export const SUSPICIOUS_DEMO_PAIR = {
  username: 'kicksqueen',
  index: 5,
  keepPercent: 33,
  description: 'UA 1:1, best batch. Deadstock, no box.',
};

function demoSneaker(release: CatalogRelease, member: DemoMember, index: number, imageUrl: string) {
  const { condition, keepPercent, note } = CONDITION_CYCLE[index % CONDITION_CYCLE.length]!;
  const suspicious = member.username === SUSPICIOUS_DEMO_PAIR.username && index === SUSPICIOUS_DEMO_PAIR.index ? SUSPICIOUS_DEMO_PAIR : null;
  const cents = Math.round((toCents(release.marketPrice) * (suspicious?.keepPercent ?? keepPercent)) / 100);
  const label = CONDITIONS.find((c) => c.value === condition)!.label;
  return CreateSneakerSchema.parse({
    name: release.name,
    brand: release.brand,
    model: release.model,
    colorway: release.colorway,
    styleCode: release.styleCode,
    size: nearestSize(release.sizes, member.size),
    condition,
    estimatedValue: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    description: suspicious?.description ?? `${label}. ${note}`,
    imageUrl,
    catalogReleaseId: release.id,
    isAvailableForTrade: index !== member.hiddenIndex,
  });
}

/** The member's size if the release comes in it, else the closest one it does. */
function nearestSize(sizes: string[], wanted: string): string {
  if (sizes.includes(wanted)) return wanted;
  return [...sizes].sort((a, b) => Math.abs(Number(a) - Number(wanted)) - Math.abs(Number(b) - Number(wanted)))[0] ?? wanted;
}
