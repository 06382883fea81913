import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { assertSneakerActions } from './sneaker-actions';
import { isSneakerLocked } from '../escrow/escrow-locks';
import { deleteSneakerRow, findSneakerRow } from './sneakers.repository';

/**
 * The owner removes a sneaker from their locker; others get 403. A sneaker locked in an
 * accepted trade stays (409 SNEAKER_LOCKED). Its image files stay too: they are
 * content-addressed and may be shared by another listing.
 */
export async function deleteSneaker(ctx: AppContext, { actorId, id }: { actorId: string; id: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findSneakerRow(tx, id, { forUpdate: true });
    if (!current) throw notFound('Sneaker');
    assertSneakerActions({ ...current, isLocked: await isSneakerLocked(tx, id) }, actorId, ['delete']);
    await deleteSneakerRow(tx, id);
  });
}
