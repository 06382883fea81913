// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToUrl } from '../../../lib/browser-location';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker, buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { CreateTradePage } from './create-trade-page';
import { serveInspectionConfig } from '../test/serve-inspection-config';

// The proposal, counter and accept forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

vi.mock('../../../lib/browser-location', () => ({ goToUrl: vi.fn() }));

afterEach(() => {
  vi.mocked(goToUrl).mockReset();
});

const me = buildUser({ id: ME_ID, username: 'kicks' });

function serveSneakers() {
  server.use(
    http.get(`*/api/users/${THEM_ID}`, () => HttpResponse.json(buildUser({ id: THEM_ID, username: 'sole_sam' }))),
    // Members with trades behind them: no protection holds.
    http.get('*/api/trades/protection-holds', () => HttpResponse.json({ protectionHolds: [] })),
    http.get(`*/api/sneakers/user/${ME_ID}`, () =>
      HttpResponse.json([
        buildSneaker({ id: 1, userId: ME_ID, name: 'Air Jordan 1 Chicago' }),
        buildSneaker({ id: 3, userId: ME_ID, name: 'Hidden Dunk', isAvailableForTrade: false }),
      ]),
    ),
    http.get(`*/api/sneakers/user/${THEM_ID}`, () =>
      HttpResponse.json([
        buildSneaker({ id: 2, userId: THEM_ID, name: 'Yeezy Boost 350 Zebra' }),
        buildSneaker({ id: 4, userId: THEM_ID, name: 'New Balance 550' }),
        buildSneaker({ id: 5, userId: THEM_ID, name: 'Locked Foamposite', isLocked: true }),
      ]),
    ),
  );
}

const sendButton = () => screen.getByRole('button', { name: 'Send Trade Proposal' }) as HTMLButtonElement;

describe('create trade proposal page', () => {
  it('keeps Send disabled until both sides have a selection', async () => {
    serveSneakers();
    const user = userEvent.setup();
    renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, { path: `/trades/create?owner=${THEM_ID}` });

    const mine = await screen.findByRole('button', { name: /Air Jordan 1 Chicago/ });
    const theirs = await screen.findByRole('button', { name: /Yeezy Boost 350 Zebra/ });
    expect(sendButton().disabled).toBe(true);

    await user.click(mine);
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(sendButton().disabled).toBe(true);

    await user.click(theirs);
    // Enabled once the protection holds of the selection are known.
    await waitFor(() => expect(sendButton().disabled).toBe(false));

    // Toggling one side off disables it again.
    await user.click(mine);
    expect(mine.getAttribute('aria-pressed')).toBe('false');
    expect(sendButton().disabled).toBe(true);
  });

  it('lists only sneakers that are available and not locked, with the target preselected', async () => {
    serveSneakers();
    renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, {
      path: `/trades/create?target=4&owner=${THEM_ID}`,
    });

    const target = await screen.findByRole('button', { name: /New Balance 550/ });
    expect(target.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Hidden Dunk')).toBeNull();
    expect(screen.queryByText('Locked Foamposite')).toBeNull();
    expect(screen.getByRole('region', { name: "sole_sam's sneakers" })).toBeTruthy();
  });

  it('preselects both sides when a match opens it with an offer', async () => {
    serveSneakers();
    renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, {
      path: `/trades/create?owner=${THEM_ID}&target=2&offer=1`,
    });

    const mine = await screen.findByRole('button', { name: /Air Jordan 1 Chicago/ });
    const theirs = await screen.findByRole('button', { name: /Yeezy Boost 350 Zebra/ });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(theirs.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  });

  it('selects with the keyboard, sends the proposal and goes to /trades', async () => {
    serveSneakers();
    let body: unknown = null;
    let key: string | null = null;
    server.use(
      http.post('*/api/trades', async ({ request }) => {
        body = await request.json();
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json(buildTrade(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { location } = renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, {
      path: `/trades/create?target=2&owner=${THEM_ID}`,
    });

    const mine = await screen.findByRole('button', { name: /Air Jordan 1 Chicago/ });
    mine.focus();
    await user.keyboard('{Enter}');
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByLabelText('Message (optional)'), '  Fair swap?  ');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    await user.click(sendButton());

    expect(await screen.findByText('Trade Proposal Created')).toBeTruthy();
    expect(screen.getByText('Your trade proposal has been sent successfully!')).toBeTruthy();
    // No cash on either side: the schema's defaults say so explicitly.
    expect(body).toEqual({
      receiverId: THEM_ID,
      proposerSneakerIds: [1],
      receiverSneakerIds: [2],
      proposerMessage: 'Fair swap?',
      proposerCashCents: 0,
      receiverCashCents: 0,
    });
    expect(key).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/trades');
  });

  it('stays on the page and says why when the server refuses', async () => {
    serveSneakers();
    server.use(
      http.post('*/api/trades', () =>
        HttpResponse.json({ code: 'SNEAKER_LOCKED', message: 'Yeezy Boost 350 Zebra is no longer available' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    const { location } = renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, {
      path: `/trades/create?target=2&owner=${THEM_ID}`,
    });

    await user.click(await screen.findByRole('button', { name: /Air Jordan 1 Chicago/ }));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    await user.click(sendButton());

    expect(await screen.findByText('Failed to create trade proposal: Yeezy Boost 350 Zebra is no longer available')).toBeTruthy();
    expect(location.history?.at(-1)).toBe(`/trades/create?target=2&owner=${THEM_ID}`);
  });

  it('asks a visitor to log in', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateTradePage currentUser={null} isLoadingUser={false} />, { path: `/trades/create?owner=${THEM_ID}` });

    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(goToUrl).toHaveBeenCalledWith('/api/login');
  });

  it('explains where to start without an owner', () => {
    renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, { path: '/trades/create' });
    expect(screen.getByRole('link', { name: 'Browse sneakers' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByRole('button', { name: 'Send Trade Proposal' })).toBeNull();
  });

  it('refuses a trade with yourself', async () => {
    renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, { path: `/trades/create?owner=${ME_ID}` });
    const toastRegion = await screen.findByText('You cannot trade with yourself');
    expect(within(toastRegion.closest('li') ?? document.body).getByText('Cannot Trade')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Trade Proposal' })).toBeNull();
  });
});
