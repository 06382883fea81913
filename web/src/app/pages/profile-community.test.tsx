// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { FollowEntry } from '@soleswap/contracts/follows';
import type { TradeHistoryEntry } from '@soleswap/contracts/users';
import { buildUser } from '../../test/build-user';
import { server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render-app';
import { ProfilePage } from './profile-page';

const ME = buildUser({ id: 'me', username: 'kicks', bio: 'Old bio' });
const AVA = buildUser({ id: 'ava', username: 'ava', email: null });

function summary(id: string, username: string) {
  return { id, username, firstName: null, lastName: null, profileImageUrl: null, isPremiumMember: false, reputation: '4.00' };
}

function serveProfile(member = AVA, { followerCount = 4 } = {}) {
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json(ME)),
    http.get(`*/api/users/${member.id}`, () => HttpResponse.json(member)),
    http.get(`*/api/users/${member.id}/stats`, () => HttpResponse.json({ sneakerCount: 0, tradeCount: 1, followerCount, followingCount: 2 })),
    http.get(`*/api/sneakers/user/${member.id}`, () => HttpResponse.json([])),
    http.get(`*/api/users/${member.id}/follow`, () => HttpResponse.json({ following: false })),
    http.get(`*/api/users/${member.id}/block`, () => HttpResponse.json({ blocked: false })),
  );
}

function renderProfile(userId: string) {
  return renderWithApp(<Route path="/profile/:userId" component={ProfilePage} />, { path: `/profile/${userId}` });
}

describe('profile tabs', () => {
  it('shows the completed trades with counterparty, pairs and ratings, then more on request', async () => {
    serveProfile();
    const entry = (tradeId: number, other: string): TradeHistoryEntry => ({
      tradeId,
      completedAt: '2025-03-01T10:00:00.000Z',
      counterparty: summary(other, other),
      gave: [{ id: 1, name: 'Dunk Low Panda', brand: 'Nike', size: 'US 9', imageUrl: null }],
      received: [{ id: 2, name: 'Samba OG', brand: 'Adidas', size: 'US 9', imageUrl: null }],
      ratingGiven: 5,
      ratingReceived: null,
    });
    server.use(
      http.get('*/api/users/ava/trades/history', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'page2' ? { items: [entry(8, 'cleo')], nextCursor: null } : { items: [entry(9, 'ben')], nextCursor: 'page2' },
        );
      }),
    );
    const user = userEvent.setup();
    renderProfile('ava');
    await user.click(await screen.findByRole('tab', { name: /Trade History/ }));

    const list = await screen.findByRole('list', { name: 'Completed trades' });
    expect(within(list).getByRole('link', { name: 'ben' }).getAttribute('href')).toBe('/profile/ben');
    expect(within(list).getByText('Dunk Low Panda')).toBeTruthy();
    expect(within(list).getByText('Samba OG')).toBeTruthy();
    expect(within(list).getByText('5/5')).toBeTruthy();
    expect(within(list).getByText('not rated')).toBeTruthy();
    expect(screen.queryByText(/coming soon/i)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'cleo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('lists whom the member follows and their followers, with follower counts', async () => {
    serveProfile();
    const follow = (id: string, count: number): FollowEntry => ({
      member: summary(id, id),
      followerCount: count,
      followedAt: '2025-03-01T10:00:00.000Z',
    });
    server.use(
      http.get('*/api/users/ava/following', () => HttpResponse.json({ items: [follow('grailhunter', 12), follow('solo', 1)], nextCursor: null })),
      http.get('*/api/users/ava/followers', () => HttpResponse.json({ items: [], nextCursor: null })),
    );
    const user = userEvent.setup();
    renderProfile('ava');

    await user.click(await screen.findByRole('tab', { name: /Following \(2\)/ }));
    const following = await screen.findByRole('list', { name: 'Following' });
    expect(within(following).getByRole('link', { name: 'grailhunter' })).toBeTruthy();
    expect(within(following).getByText('12 followers')).toBeTruthy();
    expect(within(following).getByText('1 follower')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /Followers \(4\)/ }));
    expect(await screen.findByText('No followers yet.')).toBeTruthy();
  });
});

describe('follow button', () => {
  it('turns into Unfollow and counts the follower before the server answers', async () => {
    serveProfile();
    let release: () => void = () => {};
    server.use(
      http.post('*/api/users/ava/follow', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ following: true });
      }),
    );
    const user = userEvent.setup();
    renderProfile('ava');
    const followers = await screen.findByRole('list', { name: "ava's stats" });
    expect(await within(followers).findByText('4')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    // Still waiting for the server: the page already shows the new state.
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(within(followers).getByText('5')).toBeTruthy();
    server.use(http.get('*/api/users/ava/follow', () => HttpResponse.json({ following: true })));
    server.use(http.get('*/api/users/ava/stats', () => HttpResponse.json({ sneakerCount: 0, tradeCount: 1, followerCount: 5, followingCount: 2 })));
    server.use(http.get('*/api/users/me/stats', () => HttpResponse.json({ sneakerCount: 0, tradeCount: 0, followerCount: 0, followingCount: 1 })));
    release();
    expect(await screen.findByText('You are now following this user')).toBeTruthy();
  });

  it('goes back to Follow and the old count when the server refuses', async () => {
    serveProfile();
    server.use(
      http.post('*/api/users/ava/follow', async () => {
        await delay(20);
        return HttpResponse.json({ code: 'BLOCKED', message: "You can't interact with this member." }, { status: 403 });
      }),
      http.get('*/api/users/me/stats', () => HttpResponse.json({ sneakerCount: 0, tradeCount: 0, followerCount: 0, followingCount: 0 })),
    );
    const user = userEvent.setup();
    renderProfile('ava');
    const followers = await screen.findByRole('list', { name: "ava's stats" });
    await within(followers).findByText('4');

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Failed to follow user')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(within(followers).getByText('4')).toBeTruthy();
  });
});

describe('edit profile dialog', () => {
  it('saves username and bio, and shows what the server saved', async () => {
    serveProfile(ME);
    let sent: unknown;
    server.use(
      http.patch('*/api/auth/user', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...ME, username: 'kicks.2', bio: 'Jordans only' });
      }),
    );
    const user = userEvent.setup();
    renderProfile('me');

    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'kicks.2');
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Jordans only');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'kicks.2' })).toBeTruthy();
    expect(screen.getByText('Jordans only')).toBeTruthy();
    expect(sent).toEqual({ username: 'kicks.2', bio: 'Jordans only', profileImageUrl: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the username before sending, and shows the server saying it is taken', async () => {
    serveProfile(ME);
    let calls = 0;
    server.use(
      http.patch('*/api/auth/user', () => {
        calls += 1;
        return HttpResponse.json(
          { code: 'CONFLICT', message: 'This username is taken', fields: { username: 'This username is taken' } },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    renderProfile('me');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const username = within(dialog).getByLabelText('Username');

    await user.clear(username);
    await user.type(username, 'no spaces');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use 3 to 30 letters, digits, _ or .')).toBeTruthy();
    expect(calls).toBe(0);

    await user.clear(username);
    await user.type(username, 'grailhunter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This username is taken')).toBeTruthy();
    expect(calls).toBe(1);
  });
});

describe('report dialog', () => {
  it('reports a member from the profile menu with a reason', async () => {
    serveProfile();
    let sent: unknown;
    server.use(
      http.post('*/api/reports', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 1, kind: 'member', targetId: 'ava', status: 'open', createdAt: '2025-03-01T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderProfile('ava');

    await user.click(await screen.findByRole('button', { name: 'More actions for ava' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report ava' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Tell us what is wrong')).toBeTruthy();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByLabelText('What is wrong?'), 'Sells fakes');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeTruthy();
    expect(sent).toEqual({ kind: 'member', targetId: 'ava', reason: 'Sells fakes' });
  });

  it('blocks after a confirmation and then offers Unblock', async () => {
    serveProfile();
    let blocked = false;
    server.use(
      http.post('*/api/users/ava/block', () => {
        blocked = true;
        return HttpResponse.json({ blocked: true });
      }),
      http.get('*/api/users/ava/block', () => HttpResponse.json({ blocked })),
    );
    const user = userEvent.setup();
    renderProfile('ava');

    await user.click(await screen.findByRole('button', { name: 'More actions for ava' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block ava?' });
    expect(blocked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked ava')).toBeTruthy();
    expect(blocked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'More actions for ava' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock' })).toBeTruthy();
  });
});
