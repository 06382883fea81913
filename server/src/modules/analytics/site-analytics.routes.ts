import type { FastifyInstance } from 'fastify';
import { SiteStatsQuerySchema, TrackEventsSchema, type SiteAnalytics } from '@soleswap/contracts/analytics';
import { AppError } from '../../errors';
import { optionalUser, requireAdmin } from '../../http/auth';
import { parse } from '../../http/validate';
import { getSiteStats } from './get-site-stats';
import { hasOptedOutOfTracking } from './tracking-consent';
import { trackSiteEvents } from './track-site-events';

/** 50 events of 512-character pages fit easily; nothing larger is a page-view batch. */
const EVENTS_BODY_LIMIT = 64 * 1024;

/** Page-view tracking (anyone) and the site statistics (admins). */
export async function siteAnalyticsRoutes(app: FastifyInstance) {
  // navigator.sendBeacon sends a string as text/plain; read such a body as the same JSON. Only
  // in this plugin's scope: everywhere else text/plain stays a plain string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('VALIDATION_FAILED', 'The body must be JSON'), undefined);
    }
  });

  const trackConfig = {
    rateLimit: { max: 120, timeWindow: '1 minute' },
    openapi: { summary: 'Record page views of a visitor session (ignored under DNT or GPC)', body: TrackEventsSchema },
  };
  app.post('/api/analytics/events', { config: trackConfig, bodyLimit: EVENTS_BODY_LIMIT }, async (request, reply) => {
    if (hasOptedOutOfTracking(request.headers)) return reply.status(204).send();
    const input = parse(TrackEventsSchema, request.body);
    const user = await optionalUser(request);
    await trackSiteEvents(app.ctx, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
      userId: user?.id ?? null,
    });
    return reply.status(204).send();
  });

  const statsConfig = { openapi: { summary: 'Site statistics for the last N hours (admins)', query: SiteStatsQuerySchema } };
  app.get('/api/analytics/stats', { config: statsConfig }, async (request): Promise<SiteAnalytics> => {
    await requireAdmin(request);
    return getSiteStats(app.ctx, parse(SiteStatsQuerySchema, request.query));
  });
}
