import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ConfirmDeviceSchema, type DeviceConfirmationStatus } from '@soleswap/contracts/identity';
import { AppError } from '../../../errors';
import { requireUser } from '../../../http/auth';
import { perMemberLimit } from '../../../http/rate-limit-store';
import { parse } from '../../../http/validate';
import { confirmDevicePage, deviceOutcomePage } from './new-device-pages';
import { CONFIRM_DEVICE_PATH, confirmDevice, isDeviceUnconfirmed, resendDeviceLink } from './new-device';

const TokenQuery = z.object({ token: z.string().max(600).catch('') });
/** New links one member may ask for in 10 minutes (each is an e-mail). */
export const DEVICE_LINK_RESENDS_PER_10_MINUTES = 3;

const html = (reply: FastifyReply, { status, html }: { status: number; html: string }) =>
  reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(html);

/**
 * Premium's new-device confirmation (docs/rules/sign-in.md#premiums-enhanced-security): whether
 * this session waits for its link, a new link, and the link itself (a page whose button posts; a
 * script posts JSON). Its form posts urlencoded, so this scope parses it.
 */
export async function newDeviceRoutes(scope: FastifyInstance) {
  const { ctx } = scope;
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  scope.get(
    '/api/auth/device-confirmation',
    { config: { openapi: { summary: 'Whether this session waits for its new-device link before moving money or changing addresses' } } },
    async (request): Promise<DeviceConfirmationStatus> => {
      await requireUser(request);
      return { unconfirmed: await isDeviceUnconfirmed(request) };
    },
  );

  scope.post(
    '/api/auth/device-confirmation/resend',
    {
      config: {
        rateLimit: perMemberLimit(DEVICE_LINK_RESENDS_PER_10_MINUTES, '10 minutes'),
        openapi: { summary: "Mails this session's new-device link again (a new link replaces the one before)" },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await resendDeviceLink(ctx, { request, user });
      return reply.status(202).send({ sent: true });
    },
  );

  scope.get(CONFIRM_DEVICE_PATH, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) =>
    html(reply, confirmDevicePage(CONFIRM_DEVICE_PATH, TokenQuery.parse(request.query ?? {}).token)),
  );

  scope.post(
    CONFIRM_DEVICE_PATH,
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute' },
        openapi: { summary: 'Confirms a new device from its e-mailed link', body: ConfirmDeviceSchema },
      },
    },
    async (request, reply) => {
      const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      if (isForm) return html(reply, deviceOutcomePage(await confirmDevice(ctx, TokenQuery.parse(request.body ?? {}).token)));
      const { token } = parse(ConfirmDeviceSchema, request.body);
      if (!(await confirmDevice(ctx, token))) {
        throw new AppError('DEVICE_LINK_INVALID', 'This link does not work: it is past its 24 hours, a newer link was sent since, or it is cut off.');
      }
      return { confirmed: true };
    },
  );
}
