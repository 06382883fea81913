import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sneakers } from '../../db/schema/index';

/**
 * The pairs waiting for an operator: the latest verification found them not authentic, and no
 * review answered it yet (or the owner appealed after the last review). Appeals first, then the
 * oldest verdict first. The rule of "flagged" itself is verdictOf's; this only narrows the read.
 */
export async function findFlaggedSneakerRows(db: Db, limit: number) {
  return db
    .select()
    .from(sneakers)
    .where(
      and(
        isNotNull(sneakers.lastVerificationDate),
        eq(sneakers.isVerified, false),
        sql`(${sneakers.verificationReviewedAt} is null or ${sneakers.verificationReviewedAt} < ${sneakers.lastVerificationDate}
          or ${sneakers.verificationAppealedAt} > ${sneakers.verificationReviewedAt})`,
      ),
    )
    .orderBy(desc(sql`${sneakers.verificationAppealedAt} is not null`), asc(sneakers.lastVerificationDate), asc(sneakers.id))
    .limit(limit);
}
