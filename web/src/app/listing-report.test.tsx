// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReportListingMenu } from '../features/moderation/components/report-listing-menu';
import { SneakerCard } from '../features/sneakers/components/sneaker-card';
import { ListingMenuSlot } from '../lib/listing-menu-slot';
import { buildSneaker } from '../test/build-sneaker';
import { server } from '../test/msw-server';
import { renderWithApp } from '../test/render-app';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderCard(viewerId: string | null) {
  return renderWithApp(
    <ListingMenuSlot.Provider value={(listing) => <ReportListingMenu listing={listing} />}>
      <SneakerCard sneaker={buildSneaker({ id: 7, userId: 'owner-1', name: 'Samba OG' })} viewerId={viewerId} />
    </ListingMenuSlot.Provider>,
  );
}

describe('reporting a listing from its card', () => {
  it("offers Report listing on another member's card and sends the report", async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/reports', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 3, kind: 'listing', targetId: '7', status: 'open', createdAt: '2025-03-01T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderCard('viewer-1');
    await user.click(screen.getByRole('button', { name: 'More for Samba OG' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Samba OG' });
    await user.type(within(dialog).getByLabelText('What is wrong?'), '  Stolen photo  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeTruthy();
    expect(sent).toEqual({ kind: 'listing', targetId: '7', reason: 'Stolen photo' });
  });

  it('offers nothing to the owner or to a visitor', () => {
    renderCard('owner-1');
    expect(screen.queryByRole('button', { name: 'More for Samba OG' })).toBeNull();
    cleanup();
    renderCard(null);
    expect(screen.queryByRole('button', { name: 'More for Samba OG' })).toBeNull();
  });
});
