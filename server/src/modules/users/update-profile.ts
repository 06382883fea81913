import { AVATAR_URL_MESSAGE, USERNAME_TAKEN_MESSAGE, type UpdateProfile, type User } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { readStoredFile } from '../uploads/image-store';
import { findUsernameHolder, lockUsername, updateUser } from './users.repository';

/**
 * A member edits their own profile (PATCH /api/auth/user): username, bio and picture only; the
 * schema refuses every other field. A username is unique whatever its case, so "Kicks" cannot
 * pose as "kicks". The picture must be an image our upload endpoint actually stored.
 */
export async function updateProfile(ctx: AppContext, { user, input }: { user: User; input: UpdateProfile }): Promise<User> {
  if (input.profileImageUrl && !(await readStoredFile(ctx.env.DATA_DIR, input.profileImageUrl))) {
    throw new AppError('VALIDATION_FAILED', AVATAR_URL_MESSAGE, { fields: { profileImageUrl: AVATAR_URL_MESSAGE } });
  }
  if (Object.keys(input).length === 0) return user;
  return ctx.db.transaction(async (tx) => {
    if (input.username !== undefined && input.username !== user.username) {
      await lockUsername(tx, input.username);
      if (await findUsernameHolder(tx, input.username, user.id)) {
        throw new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE, { fields: { username: USERNAME_TAKEN_MESSAGE } });
      }
    }
    return updateUser(tx, user.id, { ...input, updatedAt: ctx.now() });
  });
}
