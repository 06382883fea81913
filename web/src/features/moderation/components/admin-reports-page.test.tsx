// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReport, ModeratedMember } from '@soleswap/contracts/moderation';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AdminReportsPage } from './admin-reports-page';

const person = (over: Partial<ModeratedMember>): ModeratedMember => ({
  id: 'u-1',
  username: 'kicksqueen',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  reputation: '4.50',
  totalTrades: 7,
  createdAt: '2030-01-01T10:00:00.000Z',
  suspendedAt: null,
  suspendedReason: null,
  ...over,
});

const report = (over: Partial<AdminReport>): AdminReport => ({
  id: 1,
  kind: 'listing',
  targetId: '42',
  reason: 'Fake pair in the photo',
  status: 'open',
  createdAt: '2030-01-10T10:00:00.000Z',
  reporter: person({ id: 'u-2', username: 'grailhunter' }),
  reportedMember: person({}),
  listing: { id: 42, name: 'Dunk Low Panda', brand: 'Nike', imageUrl: '/uploads/panda.webp', thumbnailUrl: null, isAvailableForTrade: true },
  message: null,
  resolutionAction: null,
  resolutionNote: null,
  resolvedAt: null,
  ...over,
});

/** The queue as the server keeps it: resolving a report takes it out of the next load. */
function queueServer(rows: AdminReport[]) {
  const resolutions: Array<{ id: number; body: unknown }> = [];
  server.use(
    http.get('*/api/admin/reports', () => HttpResponse.json({ items: rows, nextCursor: null })),
    http.post('*/api/admin/reports/:id/resolve', async ({ params, request }) => {
      const id = Number(params.id);
      const body = await request.json();
      resolutions.push({ id, body });
      const index = rows.findIndex((r) => r.id === id);
      const [done] = rows.splice(index, 1);
      return HttpResponse.json({ ...done, status: 'resolved' });
    }),
  );
  return resolutions;
}

describe('AdminReportsPage', () => {
  it('shows each report with its content in context and only the actions that fit it', async () => {
    queueServer([
      report({}),
      report({
        id: 2,
        kind: 'message',
        targetId: '9',
        reason: 'Insults',
        listing: null,
        reportedMember: person({ id: 'u-3', username: 'terracelad' }),
        message: {
          reported: {
            id: 9,
            tradeId: 5,
            conversationId: null,
            senderId: 'u-3',
            senderName: 'terracelad',
            content: 'you are an idiot',
            imageUrl: null,
            createdAt: '2030-01-09T10:00:00.000Z',
          },
          context: [
            {
              id: 8,
              tradeId: 5,
              conversationId: null,
              senderId: 'u-2',
              senderName: 'grailhunter',
              content: 'any news?',
              imageUrl: null,
              createdAt: '2030-01-09T09:00:00.000Z',
            },
            {
              id: 9,
              tradeId: 5,
              conversationId: null,
              senderId: 'u-3',
              senderName: 'terracelad',
              content: 'you are an idiot',
              imageUrl: null,
              createdAt: '2030-01-09T10:00:00.000Z',
            },
          ],
        },
      }),
      report({
        id: 3,
        kind: 'member',
        targetId: 'u-4',
        listing: null,
        reportedMember: person({ id: 'u-4', username: 'gone', suspendedAt: '2030-01-11T10:00:00.000Z' }),
      }),
    ]);
    renderWithApp(<AdminReportsPage />, { path: '/admin/reports' });

    const listing = await screen.findByRole('listitem', { name: 'Report #1' });
    expect(within(listing).getByText('Fake pair in the photo')).toBeTruthy();
    expect(within(listing).getByRole('link', { name: 'Dunk Low Panda' }).getAttribute('href')).toBe('/sneakers/42');
    expect(within(listing).getByRole('img', { name: 'Dunk Low Panda' }).getAttribute('src')).toBe('/uploads/panda.webp');
    expect(within(listing).getByRole('link', { name: 'kicksqueen' }).getAttribute('href')).toBe('/profile/u-1');
    expect(listing.textContent).toContain('by grailhunter');
    for (const name of ['Dismiss', 'Hide listing', 'Suspend member']) expect(within(listing).getByRole('button', { name })).toBeTruthy();

    const message = screen.getByRole('listitem', { name: 'Report #2' });
    const chat = within(message).getByRole('list', { name: 'Chat around the message' });
    expect(
      within(chat)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['grailhunter: any news?', 'terracelad: you are an idiot']);
    expect(within(chat).getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(message).queryByRole('button', { name: 'Hide listing' })).toBeNull();

    // An already suspended member cannot be suspended again; the badge says why.
    const suspended = screen.getByRole('listitem', { name: 'Report #3' });
    expect(within(suspended).getByText('Suspended')).toBeTruthy();
    expect(within(suspended).queryByRole('button', { name: 'Suspend member' })).toBeNull();
  });

  it('asks for a note, then hides the listing and takes the report off the queue', async () => {
    const resolutions = queueServer([report({})]);
    const user = userEvent.setup();
    renderWithApp(<AdminReportsPage />, { path: '/admin/reports' });
    const row = await screen.findByRole('listitem', { name: 'Report #1' });

    await user.click(within(row).getByRole('button', { name: 'Hide listing' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('Add a note for the audit log');
    expect(resolutions).toEqual([]);

    await user.type(within(row).getByRole('textbox', { name: 'Note for the audit log' }), 'Counterfeit');
    await user.click(within(row).getByRole('button', { name: 'Hide listing' }));
    await waitFor(() => expect(resolutions).toEqual([{ id: 1, body: { action: 'hide-listing', note: 'Counterfeit' } }]));
    expect(await screen.findByText('No open reports. Everything reported has been handled.')).toBeTruthy();
  });

  it('shows the server’s refusal next to the note, and "Admins only" to anyone else', async () => {
    server.use(
      http.get('*/api/admin/reports', () => HttpResponse.json({ items: [report({})], nextCursor: null })),
      http.post('*/api/admin/reports/:id/resolve', () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'This report was already resolved' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<AdminReportsPage />, { path: '/admin/reports' });
    const row = await screen.findByRole('listitem', { name: 'Report #1' });
    await user.type(within(row).getByRole('textbox', { name: 'Note for the audit log' }), 'ok');
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('This report was already resolved');
    cleanup();

    server.use(http.get('*/api/admin/reports', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Admins only' }, { status: 403 })));
    renderWithApp(<AdminReportsPage />, { path: '/admin/reports' });
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
  });
});
