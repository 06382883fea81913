import { rowsOf } from '../../db/raw-rows';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { useTestApp } from '../../../test/test-app';
import { pairLockSql } from './block-guard';
import { lockPair } from './blocks.repository';

/** The advisory locks this transaction holds: [class, key, mode]. */
const heldLocks = sql`select classid::bigint as class, objid::bigint as key, mode from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() order by 1, 2`;

describe('the pair lock', () => {
  const testApp = useTestApp();

  it('is the same lock whether taken on its own (blocking) or inside a chat post’s statement, in either order of the pair', async () => {
    const a = 'f3b1c2d4-0000-4000-8000-00000000000a';
    const b = '0a1b2c3d-0000-4000-8000-00000000000b';
    const locksOf = (take: (tx: Db) => Promise<unknown>) =>
      testApp().ctx.db.transaction(async (tx) => {
        await take(tx);
        return rowsOf<unknown>(await tx.execute(heldLocks));
      });
    const alone = await locksOf((tx) => lockPair(tx, a, b, 'shared'));
    const inStatement = await locksOf((tx) => tx.execute(sql`select ${pairLockSql(sql`${a}::uuid`, sql`${b}::uuid`)}`));
    const reversed = await locksOf((tx) => tx.execute(sql`select ${pairLockSql(sql`${b}::uuid`, sql`${a}::uuid`)}`));
    expect(alone).toHaveLength(1);
    expect(inStatement).toEqual(alone);
    expect(reversed).toEqual(alone);
  });
});
