import { z } from 'zod';
import type { EarlySignup, EarlySignupListQuery } from '@soleswap/contracts/early-signups';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../../http/opaque-cursor';
import { findEarlySignupsPage } from './early-signups.repository';

const CursorSchema = z.object({ d: z.string().datetime(), i: z.number().int().positive() });

/** The admin list (admins are checked by the route): a page, newest first, and the next cursor. */
export async function findEarlySignups(ctx: AppContext, query: EarlySignupListQuery): Promise<{ signups: EarlySignup[]; nextCursor: string | null }> {
  let after;
  if (query.cursor) {
    const cursor = CursorSchema.safeParse(decodeOpaqueCursor(query.cursor));
    if (!cursor.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
    after = { signupDate: new Date(cursor.data.d), id: cursor.data.i };
  }
  const { signups, last } = await findEarlySignupsPage(ctx.db, { q: query.q, limit: query.limit, after });
  return { signups, nextCursor: last ? encodeOpaqueCursor({ d: last.signupDate.toISOString(), i: last.id }) : null };
}
