import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { deletePasskey, findPasskey, findPasskeysOf, insertPasskey, usePasskey } from './two-factor.repository';

/** What a WebAuthn challenge in the session is for: it answers only that ceremony. */
export type CeremonyPurpose = 'register' | 'step-up' | 'sign-in';

declare module 'fastify' {
  interface Session {
    /** The open WebAuthn challenge (single use, for CEREMONY_MS). */
    webauthn?: { challenge: string; purpose: CeremonyPurpose; at: number };
  }
}

const CEREMONY_MS = 5 * 60 * 1000;

/** The relying party is our own origin: the page host (localhost in tests) must match APP_ORIGIN's. */
function relyingParty(ctx: AppContext) {
  const origin = ctx.env.APP_ORIGIN;
  return { rpID: new URL(origin).hostname, origin, rpName: 'SoleSwap' };
}

function rememberChallenge(request: FastifyRequest, challenge: string, purpose: CeremonyPurpose) {
  request.session.set('webauthn', { challenge, purpose, at: Date.now() });
}

/** The challenge for this ceremony, taken out of the session (single use); SECOND_FACTOR_INVALID when none is open. */
function takeChallenge(request: FastifyRequest, purpose: CeremonyPurpose): string {
  const open = request.session.get('webauthn');
  request.session.set('webauthn', undefined);
  if (!open || open.purpose !== purpose || Date.now() - open.at > CEREMONY_MS) {
    throw new AppError('SECOND_FACTOR_INVALID', 'The passkey request expired. Please try again.');
  }
  return open.challenge;
}

function passkeyRefused() {
  return new AppError('SECOND_FACTOR_INVALID', 'That passkey could not be verified. Please try again.');
}

/** Options for creating a passkey; the member's existing passkeys are excluded (no duplicate on one device). */
export async function startPasskeyRegistration(
  ctx: AppContext,
  { request, userId, userName }: { request: FastifyRequest; userId: string; userName: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty(ctx);
  const existing = await findPasskeysOf(ctx.db, userId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName,
    userID: new TextEncoder().encode(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // A discoverable credential, so the same passkey also signs in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  rememberChallenge(request, options.challenge, 'register');
  return options;
}

/** Verifies the authenticator's answer and stores the passkey. SECOND_FACTOR_INVALID when it does not verify. */
export async function finishPasskeyRegistration(
  ctx: AppContext,
  { request, userId, name, response }: { request: FastifyRequest; userId: string; name: string; response: unknown },
): Promise<{ id: string; name: string }> {
  const expectedChallenge = takeChallenge(request, 'register');
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw passkeyRefused();
  const { credential } = verification.registrationInfo;
  if (await findPasskey(ctx.db, credential.id)) throw new AppError('CONFLICT', 'This passkey is already registered.');
  await insertPasskey(ctx.db, {
    id: credential.id,
    userId,
    name,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
  return { id: credential.id, name };
}

/**
 * Options for using a passkey: the member's own for step-up, or any discoverable one for signing in
 * without a password (no member known yet).
 */
export async function startPasskeyAuthentication(
  ctx: AppContext,
  { request, userId, purpose }: { request: FastifyRequest; userId: string | null; purpose: 'step-up' | 'sign-in' },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const allowCredentials = userId ? (await findPasskeysOf(ctx.db, userId)).map((p) => ({ id: p.id, transports: p.transports })) : undefined;
  if (userId && allowCredentials?.length === 0) throw new AppError('NOT_FOUND', 'You have no passkey yet.');
  const options = await generateAuthenticationOptions({ rpID, allowCredentials, userVerification: 'preferred' });
  rememberChallenge(request, options.challenge, purpose);
  return options;
}

/**
 * Verifies a passkey answer; answers the member it belongs to. With `userId` (step-up) the passkey
 * must be theirs. SECOND_FACTOR_INVALID when it does not verify.
 */
export async function finishPasskeyAuthentication(
  ctx: AppContext,
  { request, userId, purpose, response }: { request: FastifyRequest; userId: string | null; purpose: 'step-up' | 'sign-in'; response: unknown },
): Promise<{ userId: string }> {
  const expectedChallenge = takeChallenge(request, purpose);
  const answer = response as AuthenticationResponseJSON;
  const passkey = typeof answer.id === 'string' ? await findPasskey(ctx.db, answer.id) : null;
  if (!passkey || (userId && passkey.userId !== userId)) throw passkeyRefused();
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw passkeyRefused();
  await usePasskey(ctx.db, passkey.id, verification.authenticationInfo.newCounter, ctx.now());
  return { userId: passkey.userId };
}

/** Removes one of the member's passkeys; NOT_FOUND when it is not theirs. */
export async function removePasskey(ctx: AppContext, { userId, id }: { userId: string; id: string }): Promise<void> {
  if (!(await deletePasskey(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such passkey.');
}
