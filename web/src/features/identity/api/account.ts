import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountOverview,
  AccountSessions,
  ChangeEmail,
  ChangePassword,
  PasswordResetRequest,
  PasswordResetRequested,
} from '@soleswap/contracts/account';
import { apiRequest, getJson } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

/** Asks the embedded provider to mail a reset link; the answer is the same for any address. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<PasswordResetRequested> {
  return apiRequest<PasswordResetRequested>('POST', '/idp/password-reset', input);
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Whether the password and e-mail are changed on this site. */
export function useAccountOverview() {
  return useQuery({ queryKey: accountKeys.all, queryFn: ({ signal }) => getJson<AccountOverview>('/api/account', { signal }) });
}

export function useAccountSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => getJson<AccountSessions>('/api/account/sessions', { signal }) });
}

/** Signs one session out (`id`), or every session but this one (`'others'`), then reloads the list. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'others'): Promise<void> => {
      if (which === 'others') await apiRequest<{ ended: number }>('POST', '/api/account/sessions/sign-out-others', {});
      else await apiRequest<void>('DELETE', `/api/account/sessions/${encodeURIComponent(which.id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Changes the password; the server signs out the other sessions, so the list is reloaded. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePassword) => apiRequest<void>('POST', '/api/account/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Mails the new address a link that makes the change. */
export function useChangeEmail() {
  return useMutation({ mutationFn: (input: ChangeEmail) => apiRequest<{ message: string }>('POST', '/api/account/email', input) });
}
