import { portfolioCsvFileName, type PortfolioPeriod } from '@soleswap/contracts/analytics';
import type { AppContext } from '../../../context';
import { loadPortfolio } from './get-portfolio-analytics';
import { portfolioToCsv } from './portfolio-csv';

/** GET /api/analytics/portfolio.csv: the premium member's collection with its values, as a dated CSV file. */
export async function exportPortfolioCsv(
  ctx: AppContext,
  input: { userId: string; period: PortfolioPeriod },
): Promise<{ fileName: string; csv: string }> {
  const { analytics, sneakers } = await loadPortfolio(ctx, input);
  return { fileName: portfolioCsvFileName(input.period, ctx.now()), csv: portfolioToCsv(sneakers, analytics) };
}
