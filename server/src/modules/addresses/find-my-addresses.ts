import type { Address } from '@soleswap/contracts/addresses';
import type { Page, PageQuery } from '@soleswap/contracts/users';
import type { AppContext } from '../../context';
import { decodeIdCursor } from '../users/member-summary';
import { findAddressesPage } from './addresses.repository';
import { toAddress } from './address-view';

/** The caller's own address book, newest first, one page (GET /api/addresses). Private to the caller. */
export async function findMyAddresses(ctx: AppContext, { userId, query }: { userId: string; query: PageQuery }): Promise<Page<Address>> {
  const rows = await findAddressesPage(ctx.db, userId, decodeIdCursor(query.cursor), query.limit);
  const page = rows.slice(0, query.limit);
  return { items: page.map(toAddress), nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null };
}
