import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SIZE_CHART, SIZE_CHARTS, sizeChartFor, toUsMens, type SizeChart, type SizeQuery } from '@soleswap/contracts/sneaker-sizes';

/**
 * A size filter as SQL (docs/rules/sizes.md): the size, written in any system, converted to US
 * men's with each brand family's chart and compared with the listing's `size_us`. Part of the SQL
 * builders of the search (search-request.ts names the layers); imports no other search file.
 */

/** One US men's size and the brands it applies to: `only` these, or every brand but `except`. */
export interface SizeBranch {
  us: number;
  only?: string[];
  except?: string[];
}

/**
 * The branches of a size filter: one per distinct US men's size the charts give. With a brand,
 * that brand's chart alone. US men's sizes mean the same on every chart: one branch, no brand test.
 * EU 44 is US 10 everywhere but on Vans (US 10.5): two branches. None when no chart has the size.
 */
export function sizeBranches(size: SizeQuery, brand?: string): SizeBranch[] {
  if (brand !== undefined) {
    const us = toUsMens(size, sizeChartFor(brand));
    return us === null ? [] : [{ us }];
  }
  const byUs = new Map<number, SizeChart[]>();
  for (const chart of SIZE_CHARTS) {
    const us = toUsMens(size, chart);
    if (us !== null) byUs.set(us, [...(byUs.get(us) ?? []), chart]);
  }
  if (byUs.size === 1 && [...byUs.values()][0]!.length === SIZE_CHARTS.length) return [{ us: [...byUs.keys()][0]! }];
  return [...byUs].map(([us, charts]) => {
    if (!charts.includes(DEFAULT_SIZE_CHART)) return { us, only: charts.flatMap((c) => c.brands) };
    // The default chart's branch takes every brand no other chart of another branch names.
    return { us, except: SIZE_CHARTS.filter((c) => !charts.includes(c)).flatMap((c) => c.brands) };
  });
}

/** One branch on alias `a` (a sneakers row): the size, and the brands when the branch names them. */
export function sizeBranchSql(branch: SizeBranch, alias: 's' | 'i' = 's'): SQL {
  const a = sql.raw(alias);
  const size = sql`${a}.size_us = ${String(branch.us)}::numeric`;
  if (branch.only) return sql`(${size} and lower(${a}.brand) = any(${`{${branch.only.map(quote).join(',')}}`}::text[]))`;
  if (branch.except?.length) return sql`(${size} and lower(${a}.brand) <> all(${`{${branch.except.map(quote).join(',')}}`}::text[]))`;
  return size;
}

/** The whole filter on alias `a`: any of its branches (false when no brand makes the size). */
export function sizeConditionSql(size: SizeQuery, brand: string | undefined, alias: 's' | 'i' = 's'): SQL {
  const branches = sizeBranches(size, brand);
  if (branches.length === 0) return sql`false`;
  if (branches.length === 1) return sizeBranchSql(branches[0]!, alias);
  return sql`(${sql.join(
    branches.map((b) => sizeBranchSql(b, alias)),
    sql` or `,
  )})`;
}

/** A brand as an element of a text[] literal ("new balance" needs its quotes). */
const quote = (brand: string) => `"${brand}"`;
