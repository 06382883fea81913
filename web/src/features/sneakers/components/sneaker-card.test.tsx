// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker } from '../../../test/build-sneaker';
import { SneakerCard } from './sneaker-card';

const VIEWER = 'viewer-42';

describe('SneakerCard value', () => {
  it('shows the market price and strikes the estimate through when they differ', () => {
    const { container } = renderWithApp(
      <SneakerCard sneaker={buildSneaker({ estimatedValue: '250.00', marketPrice: '310.00' })} viewerId={VIEWER} />,
    );
    expect(screen.getByText('$310.00')).toBeTruthy();
    const struck = container.querySelector('s');
    expect(struck?.textContent).toContain('$250.00');
  });

  it('shows only the estimate when there is no market price or it is the same', () => {
    const { container } = renderWithApp(<SneakerCard sneaker={buildSneaker({ estimatedValue: '250.00', marketPrice: '250' })} viewerId={VIEWER} />);
    expect(screen.getByText('$250.00')).toBeTruthy();
    expect(container.querySelector('s')).toBeNull();
  });
});

describe('SneakerCard Trade button', () => {
  it('is disabled with a Not Available tag when the sneaker is hidden', () => {
    renderWithApp(<SneakerCard sneaker={buildSneaker({ isAvailableForTrade: false })} viewerId={VIEWER} />);
    expect(screen.getByRole('button', { name: 'Trade' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Not Available')).toBeTruthy();
  });

  it('opens the proposal page with the sneaker and its owner preselected', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(<SneakerCard sneaker={buildSneaker({ id: 7, userId: 'owner-9' })} viewerId={VIEWER} />);
    expect(screen.queryByText('Not Available')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Trade' }));
    expect(location.history.at(-1)).toBe('/trades/create?target=7&owner=owner-9');
  });

  it('asks a visitor to log in and tells an owner they cannot trade with themselves', async () => {
    const user = userEvent.setup();
    const sneaker = buildSneaker({ userId: 'owner-9' });
    const { location } = renderWithApp(<SneakerCard sneaker={sneaker} viewerId={null} />);
    await user.click(screen.getByRole('button', { name: 'Trade' }));
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please log in to create trade proposals')).toBeTruthy();
    expect(location.history).toEqual(['/']);
    cleanup();

    renderWithApp(<SneakerCard sneaker={sneaker} viewerId="owner-9" />);
    await user.click(screen.getByRole('button', { name: 'Trade' }));
    expect(await screen.findByText('Cannot Trade')).toBeTruthy();
    expect(screen.getByText('You cannot trade with yourself')).toBeTruthy();
  });
});

describe('SneakerCard details', () => {
  it('falls back to the placeholder when the image fails to load', () => {
    renderWithApp(<SneakerCard sneaker={buildSneaker({ thumbnailUrl: '/uploads/ab/broken.webp' })} viewerId={VIEWER} />);
    const image = screen.getByRole('img', { name: 'Air Jordan 1 Retro High OG Chicago' });
    expect(image.getAttribute('src')).toBe('/uploads/ab/broken.webp');
    fireEvent.error(image);
    expect(screen.getByTestId('sneaker-image-placeholder')).toBeTruthy();
  });

  it("links the owner's profile with their username, else the first 8 characters of their id", () => {
    renderWithApp(<SneakerCard sneaker={buildSneaker({ userId: 'abcdefgh-123' })} viewerId={VIEWER} />);
    const link = screen.getByRole('link', { name: /abcdefgh/ });
    expect(link.getAttribute('href')).toBe('/profile/abcdefgh-123');
    expect(link.textContent).not.toContain('abcdefgh-123');
  });
});

describe('SneakerCard owner menu', () => {
  const OWNER_ACTIONS = ['edit', 'hide', 'delete', 'verify'] as const;

  it('hides a sneaker from trading and says so', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.put('*/api/sneakers/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(buildSneaker({ isAvailableForTrade: false }));
      }),
    );
    renderWithApp(<SneakerCard sneaker={buildSneaker({ id: 3, userId: VIEWER, allowedActions: [...OWNER_ACTIONS] })} viewerId={VIEWER} />);

    await user.click(await screen.findByRole('button', { name: /Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide from Trading' }));
    expect(await screen.findByText('Sneaker hidden from trading')).toBeTruthy();
    expect(body).toEqual({ isAvailableForTrade: false });
  });

  it('offers exactly the actions the server allows', async () => {
    const user = userEvent.setup();
    const hidden = buildSneaker({ userId: VIEWER, isAvailableForTrade: false, allowedActions: ['edit', 'show', 'delete', 'verify'] });
    renderWithApp(<SneakerCard sneaker={hidden} viewerId={VIEWER} onVerify={() => undefined} />);

    await user.click(await screen.findByRole('button', { name: /Actions for/ }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Verify', 'Edit', 'Make Available', 'Delete']);
  });

  it('offers no Edit, Hide or Delete on the owner’s sneaker locked in a trade', () => {
    const locked = buildSneaker({ userId: VIEWER, isLocked: true, allowedActions: [] });
    renderWithApp(<SneakerCard sneaker={locked} viewerId={VIEWER} onVerify={() => undefined} />);

    expect(screen.getByText('Locked in trade')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Hide from Trading')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it("shows the server's message when the sneaker got locked after the page loaded", async () => {
    const user = userEvent.setup();
    const message = 'This sneaker is locked in an accepted trade and cannot be changed until the trade ends';
    server.use(http.delete('*/api/sneakers/:id', () => HttpResponse.json({ code: 'SNEAKER_LOCKED', message }, { status: 409 })));
    renderWithApp(<SneakerCard sneaker={buildSneaker({ userId: VIEWER, allowedActions: [...OWNER_ACTIONS] })} viewerId={VIEWER} />);

    await user.click(await screen.findByRole('button', { name: /Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('offers no owner menu on somebody else’s sneaker', () => {
    renderWithApp(<SneakerCard sneaker={buildSneaker({ userId: 'someone-else', allowedActions: [] })} viewerId={VIEWER} />);
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });
});
