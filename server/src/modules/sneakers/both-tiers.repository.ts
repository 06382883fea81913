import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchPlan } from './search-plan';
import {
  and,
  brandTrigramCondition,
  direction,
  filterConditions,
  keyAfter,
  keyColumn,
  keyText,
  rows,
  wordContainsConditions,
  wordStartsSql,
} from './search-sql';
import type { Hit, SneakerFilters } from './search-request';

/** The matches of both relevance tiers, each in the plan's order. */
export interface BothTiers {
  /** Every word starts a word, after the walked window: the rest of the first tier. */
  starting: Hit[];
  /** Some word only inside another word, from the tier's start: the second tier. */
  inside: Hit[];
}

/**
 * Relevance with words, once the walk of the first tier (every word starts a word) came up short:
 * ONE read of the trigram index for the words answers both tiers when they are few. Each tier on
 * its own reads the same posting lists (the words' trigrams, and the brand's), and the first
 * tier's word-start patterns add the trigrams of every word start, the largest lists of all: a
 * rare pair of common words ("black jordan" with Nike: none) cost two reads of 20-45 ms. Here the
 * index reads the words alone, at most `cap` rows are fetched (in table order), and each row says
 * which tier it belongs to. Returns null when `cap` rows were reached: the words are common, and
 * each tier is read on its own as before.
 */
export async function findBothTiers(
  db: Db,
  plan: SearchPlan,
  filters: SneakerFilters,
  boundary: Hit,
  need: number,
  cap: number,
): Promise<BothTiers | null> {
  const dir = direction(plan);
  const found = rows<{ id: number | null; key: string; starting: boolean; total: number }>(
    await db.execute(sql`
      with hits as materialized (
        select s.id, ${keyColumn(plan, 's')} as sort_key, ${keyText(plan, 's')} as key,
          ${wordStartsSql(filters.tokens)} as starting, ${keyAfter(plan, 's', boundary.key, boundary.id)} as after_walk
        from sneakers s where ${and([...filterConditions(filters, 'row'), ...wordContainsConditions(filters.tokens), brandTrigramCondition(filters)])}
      ),
      capped as materialized (select * from hits limit ${cap}),
      ranked as (
        select id, key, starting, sort_key,
          row_number() over (partition by starting order by sort_key ${dir}, id ${dir}) as n
        from capped where after_walk or not starting
      )
      select r.id, r.key, r.starting, t.total
      from (select count(*)::int as total from capped) t left join ranked r on r.n <= ${need}
      order by r.starting desc, r.sort_key ${dir}, r.id ${dir}`),
  );
  if ((found[0]?.total ?? 0) >= cap) return null;
  const hit = ({ id, key }: { id: number | null; key: string }): Hit => ({ id: id!, key });
  const matched = found.filter((row) => row.id !== null);
  return { starting: matched.filter((row) => row.starting).map(hit), inside: matched.filter((row) => !row.starting).map(hit) };
}
