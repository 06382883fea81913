import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { deleteOwnAddress } from './addresses.repository';

/** Removes an address from the member's own book (DELETE /api/addresses/:id); trades keep their copies. */
export async function deleteAddress(ctx: AppContext, { userId, id }: { userId: string; id: number }): Promise<{ deleted: true }> {
  if (!(await deleteOwnAddress(ctx.db, userId, id))) throw notFound('Address');
  return { deleted: true };
}
