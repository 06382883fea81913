import { useMutation } from '@tanstack/react-query';
import type { InteractionResult, SecondFactorNeeded, SignIn, SignUp } from '@soleswap/contracts/identity';
import { apiRequest } from '../../../lib/api-client';

function interactionPath(uid: string, step: 'login' | 'signup'): string {
  return `/idp/interaction/${encodeURIComponent(uid)}/${step}`;
}

/** Signs in with e-mail and password inside the provider's interaction `uid`; an account that asks for its second factor every time answers which. */
export function signIn(uid: string, input: SignIn): Promise<InteractionResult | SecondFactorNeeded> {
  return apiRequest<InteractionResult | SecondFactorNeeded>('POST', interactionPath(uid, 'login'), input);
}

/** Creates a local account and signs it in inside the interaction `uid`. */
export function signUp(uid: string, input: SignUp): Promise<InteractionResult> {
  return apiRequest<InteractionResult>('POST', interactionPath(uid, 'signup'), input);
}

export function useSignIn(uid: string) {
  return useMutation({ mutationFn: (input: SignIn) => signIn(uid, input) });
}

export function useSignUp(uid: string) {
  return useMutation({ mutationFn: (input: SignUp) => signUp(uid, input) });
}
