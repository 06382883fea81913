import type { FastifyInstance } from 'fastify';
import { PortfolioQuerySchema, type PortfolioAnalytics } from '@soleswap/contracts/analytics';
import { requireUser } from '../../../http/auth';
import { parse } from '../../../http/validate';
import { exportPortfolioCsv } from './export-portfolio-csv';
import { getPortfolioAnalytics } from './get-portfolio-analytics';

/** Portfolio analytics of the signed-in premium member: the figures and the CSV export. */
export async function portfolioRoutes(app: FastifyInstance) {
  const figuresConfig = { openapi: { summary: 'Portfolio analytics over 7d, 30d, 90d or 1y (premium members)', query: PortfolioQuerySchema } };
  app.get('/api/analytics/portfolio', { config: figuresConfig }, async (request, reply): Promise<PortfolioAnalytics> => {
    const user = await requireUser(request);
    const { period } = parse(PortfolioQuerySchema, request.query);
    reply.header('cache-control', 'private, no-store');
    return getPortfolioAnalytics(app.ctx, { userId: user.id, period });
  });

  const csvConfig = {
    openapi: { summary: 'The collection with current and period-start values as CSV (premium members)', query: PortfolioQuerySchema },
  };
  app.get('/api/analytics/portfolio.csv', { config: csvConfig }, async (request, reply) => {
    const user = await requireUser(request);
    const { period } = parse(PortfolioQuerySchema, request.query);
    const { fileName, csv } = await exportPortfolioCsv(app.ctx, { userId: user.id, period });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
