import { z } from 'zod';
import type { Verdict } from './verification';
import { emptyToUndefined, pageLimitSchema } from './list-query';
import { CONDITIONS, SIZES, sizeTextSchema } from './sneakers';

/**
 * Wantlists and two-way matches. A want names a catalogue release, the sizes the member
 * accepts, the lowest condition they accept and optionally the most value they would take;
 * wants are ranked, 1 being the first choice.
 */

export const MAX_WANTS = 50;

/**
 * GET /api/wants?limit=: the wantlist is capped at MAX_WANTS, so one page of at most that many
 * (the default) holds it all; there is no cursor.
 */
export const WantListQuerySchema = z.object({ limit: pageLimitSchema(MAX_WANTS, MAX_WANTS) });
export type WantListQuery = z.infer<typeof WantListQuerySchema>;

/** Matches are stored and kept up to date as pairs and wants change, best first, a page at a time. */
export const MATCHES_PAGE_MAX = 50;
export const MATCHES_PAGE_DEFAULT = 50;

/**
 * Where the next page of matches starts: the last match's score and received pair id, as the
 * server sends it in `X-Next-Cursor` ("<score>_<pair id>").
 */
const matchCursorSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d+(\.\d+)?(e-?\d+)?_\d{1,10}$/, 'Invalid cursor')
    .transform((text, ctx) => {
      const [score, pair] = text.split('_');
      const receivePairId = Number(pair);
      if (!Number.isFinite(Number(score)) || receivePairId > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: 'Invalid cursor' });
        return z.NEVER;
      }
      return { score: Number(score), receivePairId };
    })
    .optional(),
);

/** The cursor of the page after the one ending with this match. */
export const matchCursorOf = (last: { score: number; receivePairId: number }) => `${last.score}_${last.receivePairId}`;

/**
 * GET /api/matches?limit=&cursor=: at most `limit` direct swaps, best first, the next page's cursor
 * in `X-Next-Cursor`; the loop suggestions (at most `limit`) come with the first page.
 */
export const MatchesQuerySchema = z.object({ limit: pageLimitSchema(MATCHES_PAGE_MAX, MATCHES_PAGE_DEFAULT), cursor: matchCursorSchema });
export type MatchesQuery = z.infer<typeof MatchesQuerySchema>;

const CONDITION_VALUES = CONDITIONS.map((c) => c.value) as readonly string[];

/**
 * A wanted size in any system (sneaker-sizes.ts parseSize): "10" (US men's), "US 10", "W 11.5",
 * "UK 9", "EU 44", "28cm". The server converts it to the US men's size of the release's brand.
 */
const wantSizeSchema = sizeTextSchema;

const idSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const maxValueSchema = z.union([z.number(), z.string().trim()], { error: 'Enter the most value as a number' }).transform((raw, ctx) => {
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (raw === '' || !Number.isFinite(value) || value <= 0 || value > 99_999_999) {
    ctx.addIssue({ code: 'custom', message: 'Enter a value above 0, up to 99,999,999' });
    return z.NEVER;
  }
  return value.toFixed(2);
});

const wantFields = {
  catalogReleaseId: idSchema('Choose a release from the catalogue'),
  sizes: z
    .array(wantSizeSchema, { error: 'Choose at least one size' })
    .min(1, 'Choose at least one size')
    .max(SIZES.length, 'Too many sizes')
    .transform((sizes) => [...new Map(sizes.map((size) => [size.label, size])).values()]),
  minCondition: z.union([z.string(), z.number()], { error: 'Choose a condition from 5 to 10' }).transform((raw, ctx) => {
    const text = String(raw).trim();
    const match = /^\d+(\.\d+)?$/.test(text) ? CONDITION_VALUES.find((c) => Number(c) === Number(text)) : undefined;
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Choose a condition from 5 to 10' });
      return z.NEVER;
    }
    return match;
  }),
  maxValue: maxValueSchema.nullable().optional(),
};

/** POST /api/wants */
export const CreateWantSchema = z.object(wantFields);
export type CreateWant = z.input<typeof CreateWantSchema>;

/** PUT /api/wants/:id: the release stays; sizes, condition and cap can change. */
export const UpdateWantSchema = z.object({
  sizes: wantFields.sizes,
  minCondition: wantFields.minCondition,
  maxValue: wantFields.maxValue,
});
export type UpdateWant = z.input<typeof UpdateWantSchema>;

/** PUT /api/wants/order: every one of the member's want ids, first choice first. */
export const ReorderWantsSchema = z.object({
  ids: z
    .array(idSchema('Invalid want id'), { error: 'Send the want ids in order' })
    .max(MAX_WANTS, `At most ${MAX_WANTS} wants`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each want can appear only once'),
});
export type ReorderWants = z.infer<typeof ReorderWantsSchema>;

export interface WantRelease {
  id: number;
  name: string;
  brand: string;
  styleCode: string;
  sizes: string[];
  marketPrice: string;
}

export interface Want {
  id: number;
  rank: number;
  catalogReleaseId: number;
  release: WantRelease;
  sizes: string[];
  minCondition: string;
  maxValue: string | null;
  /** Listed pairs of other members that fit this want now. */
  matchingPairs: number;
  createdAt: string;
}

/** A sneaker as a match shows it. */
export interface MatchSneaker {
  id: number;
  name: string;
  size: string;
  condition: string;
  value: string;
  thumbnailUrl: string | null;
  /** What verification says about the pair now (verification-values.ts verdictOf). */
  verdict: Verdict;
}

/** A direct swap: you give `give` to `member`, who gives you `receive`. */
export interface TwoWayMatch {
  member: { id: string; username: string | null };
  give: MatchSneaker;
  receive: MatchSneaker;
  /** Rank of your want the received pair fits (1 = first choice). */
  receiveRank: number;
  /** 0 to 1: the smaller of the two values over the larger. */
  valueBalance: number;
  /** Opens /trades/create with both sides chosen. */
  proposeUrl: string;
}

/** GET /api/matches: direct swaps and loop suggestions, best first. */
export interface MatchesResponse {
  twoWay: TwoWayMatch[];
  /** Loop trades proposed to the caller that still wait for their answer. */
  loops: Array<{ id: number; members: number; receive: MatchSneaker | null; acceptBy: string }>;
}
