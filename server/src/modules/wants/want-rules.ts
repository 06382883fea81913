import { AppError } from '../../errors';

/** Sizes outside the release's size run can never be listed, so a want for them could never match. */
export function checkSizesInRun(sizes: readonly string[], run: readonly string[]): void {
  const outside = sizes.filter((size) => !run.includes(size));
  if (outside.length > 0) {
    throw new AppError('VALIDATION_FAILED', `This release was not made in size ${outside.join(', ')}`, {
      fields: { sizes: `Choose sizes from this release's run (${run[0]} to ${run[run.length - 1]})` },
    });
  }
}
