import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedImage } from '@soleswap/contracts/uploads';
import type { UpdateProfile, User } from '@soleswap/contracts/users';
import { apiRequest } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from './get-current-user';
import { userQueryKey } from './get-user';

/** Saves my profile (`PATCH /api/auth/user`): username, bio and picture. */
export function updateProfile(changes: UpdateProfile): Promise<User> {
  return apiRequest<User>('PATCH', '/api/auth/user', changes);
}

/** Sends a picture through the upload pipeline (`POST /api/uploads`); its `imageUrl` goes into the profile. */
export function uploadAvatar(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadedImage>('POST', '/api/uploads', form);
}

/** Saves my profile and shows the saved version everywhere (nav bar, home, my profile page). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      queryClient.setQueryData(userQueryKey(user.id), user);
    },
  });
}
