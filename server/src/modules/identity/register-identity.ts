import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { accountApiRoutes, accountLinkRoutes } from './account/account.routes';
import { buildEmbeddedProvider } from './embedded-provider';
import { identityRoutes } from './identity.routes';
import { idpRoutes } from './idp.routes';
import { DevMailbox, devMailboxRoutes } from './dev-mailbox';
import { setJobMailer } from './mail-queue';
import { createMailer } from './mailer';
import { mailMemberNotices } from './member-notice-mail';
import { newDeviceRoutes } from './new-device/new-device.routes';
import { createOidcConfigurationSource } from './oidc-client';
import { mailOwnerOnCodeLock } from './two-factor/code-lock-notice';
import { twoFactorIdpRoutes } from './two-factor/two-factor-idp.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';

/**
 * Sign-in for the whole app: the relying-party routes always, and the embedded OpenID provider
 * under /idp only when no external issuer is configured. Takes the root instance, because the
 * relying party reaches the embedded provider through its app.inject.
 */
export async function registerIdentity(app: FastifyInstance) {
  // Outside production every outgoing e-mail is kept for /api/dev/mailbox; in production that path is a 404.
  const mailbox = app.ctx.env.NODE_ENV === 'production' ? null : new DevMailbox();
  if (mailbox) await app.register(devMailboxRoutes(mailbox));
  const mailer = createMailer(app.ctx.env, app.log, { mailbox, now: () => app.ctx.now() });
  // Queued mail (reset links, lock notices) goes out through the same mailer, from this instance's worker.
  setJobMailer(app.ctx, mailer);
  if (!app.ctx.env.OIDC_ISSUER_URL) {
    // Built on the first request that needs it (the first sign-in), which keeps oidc-provider out of start-up.
    let building: Promise<Provider> | undefined;
    const embeddedProvider = () =>
      (building ??= buildEmbeddedProvider(app.ctx).then(
        (provider) => {
          provider.on('server_error', (_oidc: unknown, error: unknown) => app.log.error({ err: error }, 'embedded OpenID provider error'));
          return provider;
        },
        (error: unknown) => {
          building = undefined;
          throw error;
        },
      ));
    await app.register(twoFactorIdpRoutes(embeddedProvider));
    await app.register(idpRoutes(embeddedProvider, mailer));
    await app.register(accountLinkRoutes(mailer));
  }
  await app.register(accountApiRoutes(mailer));
  await app.register(twoFactorRoutes());
  // Premium's new-device confirmation link (docs/rules/sign-in.md#premiums-enhanced-security).
  await app.register(newDeviceRoutes);
  mailOwnerOnCodeLock(app, mailer);
  // Notices other modules send by e-mail too (issue #40: a failed pair, a hold appeal's ruling).
  mailMemberNotices(app, mailer);
  await app.register(identityRoutes(createOidcConfigurationSource(app), mailer));
}
