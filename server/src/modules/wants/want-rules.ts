import { sizeChartFor, toUsMens, type SizeQuery } from '@soleswap/contracts/sneaker-sizes';
import { AppError } from '../../errors';

/**
 * The wanted sizes as the release's run spells them (US men's): each size, in any system, read on
 * the chart of the release's brand (docs/rules/sizes.md). Sizes outside the run can never be listed,
 * so a want for them could never match: refused, as are sizes the brand does not make.
 */
export function wantedSizesInRun(sizes: readonly SizeQuery[], release: { brand: string; sizes: readonly string[] }): string[] {
  const chart = sizeChartFor(release.brand);
  const run = release.sizes;
  const converted = sizes.map((size) => {
    const us = toUsMens(size, chart);
    return { size, us: us === null ? undefined : run.find((s) => Number(s) === us) };
  });
  const outside = converted.filter((c) => c.us === undefined).map((c) => c.size.label);
  if (outside.length > 0) {
    throw new AppError('VALIDATION_FAILED', `This release was not made in size ${outside.join(', ')}`, {
      fields: { sizes: `Choose sizes from this release's run (US ${run[0]} to ${run[run.length - 1]})` },
    });
  }
  return [...new Set(converted.flatMap((c) => (c.us === undefined ? [] : [c.us])))];
}
