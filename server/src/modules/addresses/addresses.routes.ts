import type { FastifyInstance } from 'fastify';
import { AddressInputSchema, ChooseShipToSchema } from '@soleswap/contracts/addresses';
import { PageQuerySchema } from '@soleswap/contracts/users';
import type { User } from '@soleswap/contracts/users';
import { requireUser } from '../../http/auth';
import { idParam } from '../../http/id-param';
import { idempotent } from '../../http/idempotency';
import { perMemberLimit } from '../../http/rate-limit-store';
import { parse } from '../../http/validate';
import { checkAddressAtEntry, type AddressVerifier } from './check-address-at-entry';
import { chooseTradeShipTo, type ShipToFactsReader } from './choose-trade-ship-to';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { findMyAddresses } from './find-my-addresses';
import { parseAddressSave } from './parse-address-save';
import { readTradeShipTo } from './read-trade-ship-to';
import { updateAddress } from './update-address';

/** Address-book writes one member may make per minute. */
export const ADDRESS_WRITES_PER_MINUTE = 30;

const viewerOf = (user: User) => ({ id: user.id, isAdmin: user.role === 'admin' });

/**
 * The member's address book, and the ship-to addresses of a trade (its facts come from the trades
 * module). Each address saved is first verified by the shipping provider, handed in as
 * `verifyAddress` (docs/rules/addresses.md#verified-at-entry).
 */
export async function addressesRoutes(
  app: FastifyInstance,
  { readFacts, verifyAddress }: { readFacts: ShipToFactsReader; verifyAddress: AddressVerifier },
) {
  const { ctx } = app;
  // Every write is an address action premium's Enhanced Security guards (identity/enhanced-security.ts).
  const writeLimit = { rateLimit: perMemberLimit(ADDRESS_WRITES_PER_MINUTE), stepUp: 'address' as const };

  app.get(
    '/api/addresses',
    { config: { openapi: { summary: 'My address book, newest first (private)', query: PageQuerySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return findMyAddresses(ctx, { userId: user.id, query: parse(PageQuerySchema, request.query) });
    },
  );

  const createDoc = {
    summary:
      'Add an address to my book, verified by the shipping provider (422 ADDRESS_UNDELIVERABLE; 422 ADDRESS_SUGGESTION until keepAsTyped or acceptSuggestion; the same address again returns it; Idempotency-Key honoured)',
    body: AddressInputSchema,
  };
  app.post('/api/addresses', { config: { openapi: createDoc, ...writeLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    // The provider is asked before the save's transaction opens (idempotent runs the work in one).
    const input = await checkAddressAtEntry(ctx, verifyAddress, parseAddressSave(request.body));
    return idempotent(request, reply, { userId: user.id, status: 201 }, (txCtx) => createAddress(txCtx, { userId: user.id, input }));
  });

  app.put(
    '/api/addresses/:id',
    { config: { openapi: { summary: 'Replace an address of my book, verified as a new one is', body: AddressInputSchema }, ...writeLimit } },
    async (request) => {
      const user = await requireUser(request);
      const id = idParam(request.params, 'Address');
      const input = await checkAddressAtEntry(ctx, verifyAddress, parseAddressSave(request.body));
      return updateAddress(ctx, { userId: user.id, id, input });
    },
  );

  app.delete(
    '/api/addresses/:id',
    { config: { openapi: { summary: 'Delete an address of my book (trades keep their copy)' }, ...writeLimit } },
    async (request) => {
      const user = await requireUser(request);
      return deleteAddress(ctx, { userId: user.id, id: idParam(request.params, 'Address') });
    },
  );

  const readDoc = { summary: 'Ship-to addresses of a trade: yours, and the other side’s from acceptance to 30 days after the end (reads recorded)' };
  app.get('/api/trades/:id/ship-to', { config: { openapi: readDoc } }, async (request) => {
    const user = await requireUser(request);
    const viewer = viewerOf(user);
    const tradeId = idParam(request.params, 'Trade');
    const trade = await readFacts(ctx.db, { tradeId, viewer, forUpdate: false });
    return readTradeShipTo(ctx, { trade, viewer });
  });

  const chooseDoc = { summary: 'Choose where your side’s parcel goes (before the other side ships)', body: ChooseShipToSchema };
  app.put('/api/trades/:id/ship-to', { config: { openapi: chooseDoc, ...writeLimit } }, async (request, reply) => {
    const user = await requireUser(request);
    const tradeId = idParam(request.params, 'Trade');
    const { addressId } = parse(ChooseShipToSchema, request.body);
    return idempotent(request, reply, { userId: user.id }, (txCtx) =>
      chooseTradeShipTo(txCtx, { viewer: viewerOf(user), tradeId, addressId }, readFacts),
    );
  });
}
