import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InteractionResult, SecondFactorNeeded, TotpConfirmed, TotpSetup, TwoFactorStatus } from '@soleswap/contracts/identity';
import { apiRequest, getJson } from '../../../lib/api-client';

/** The member's second factors (kept beside its fetchers: only this feature reads it). */
export const twoFactorKeys = { status: ['/api/two-factor'] as const };

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => getJson<TwoFactorStatus>('/api/two-factor', { signal }) });
}

/** A mutation whose answer is the new status (or that changes it), kept in the cache. */
function useStatusMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }) });
}

export const useTotpSetup = () => useStatusMutation(() => apiRequest<TotpSetup>('POST', '/api/two-factor/totp/setup', {}));
export const useTotpConfirm = () => useStatusMutation((code: string) => apiRequest<TotpConfirmed>('POST', '/api/two-factor/totp/confirm', { code }));
export const useTotpRemoval = () => useStatusMutation(() => apiRequest<TwoFactorStatus>('DELETE', '/api/two-factor/totp'));
export const usePasskeyRemoval = () =>
  useStatusMutation((id: string) => apiRequest<TwoFactorStatus>('DELETE', `/api/two-factor/passkeys/${encodeURIComponent(id)}`));
export const useSignInRule = () =>
  useStatusMutation((everySignIn: boolean) => apiRequest<TwoFactorStatus>('PUT', '/api/two-factor/sign-in-rule', { everySignIn }));

/** Creates a passkey on this device (the browser asks) and registers it. */
export async function addPasskey(name: string): Promise<TwoFactorStatus> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/two-factor/passkeys/registration-options', {});
  const response = await startRegistration({ optionsJSON });
  return apiRequest<TwoFactorStatus>('POST', '/api/two-factor/passkeys', { name, response });
}
export const usePasskeyAdding = () => useStatusMutation(addPasskey);

/** Step-up with a TOTP or recovery code. */
export function verifyCode(code: string): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('POST', '/api/two-factor/verify', { code });
}

/** Step-up with one of the member's passkeys. */
export async function verifyPasskey(): Promise<TwoFactorStatus> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/two-factor/passkeys/authentication-options', {});
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<TwoFactorStatus>('POST', '/api/two-factor/passkeys/verify', { response });
}

const interactionPath = (uid: string, step: string) => `/idp/interaction/${encodeURIComponent(uid)}/${step}`;

/** "Sign in with a passkey" on the provider's sign-in page: no password. */
export async function signInWithPasskey(uid: string): Promise<InteractionResult> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('POST', interactionPath(uid, 'passkey/options'), {});
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<InteractionResult>('POST', interactionPath(uid, 'passkey'), { response });
}

/** The code step of a sign-in whose account asks for the second factor every time. */
export function signInSecondFactor(uid: string, code: string): Promise<InteractionResult> {
  return apiRequest<InteractionResult>('POST', interactionPath(uid, 'second-factor'), { code });
}

/** Whether the password step answered "now the second factor" instead of a redirect. */
export function isSecondFactorNeeded(answer: InteractionResult | SecondFactorNeeded): answer is SecondFactorNeeded {
  return 'secondFactor' in answer;
}
