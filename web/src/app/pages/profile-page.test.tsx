// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { buildSneaker } from '../../test/build-sneaker';
import { buildUser } from '../../test/build-user';
import { server } from '../../test/msw-server';
import { renderWithApp } from '../../test/render-app';
import { ProfilePage } from './profile-page';

const ME = buildUser({ id: 'me', username: 'kicks' });

function renderProfile(userId: string) {
  return renderWithApp(<Route path="/profile/:userId" component={ProfilePage} />, { path: `/profile/${userId}` });
}

function serveMember(member: ReturnType<typeof buildUser>, sneakers = [buildSneaker()]) {
  let followerCount = 4;
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json(ME)),
    http.get(`*/api/users/${member.id}`, () => HttpResponse.json(member)),
    http.get(`*/api/users/${member.id}/stats`, () =>
      HttpResponse.json({ sneakerCount: sneakers.length, tradeCount: 2, followerCount, followingCount: 3 }),
    ),
    http.get(`*/api/sneakers/user/${member.id}`, () => HttpResponse.json(sneakers)),
    http.get(`*/api/users/${member.id}/follow`, () => HttpResponse.json({ following: false })),
    http.post(`*/api/users/${member.id}/follow`, () => {
      followerCount += 1;
      return HttpResponse.json({ following: true });
    }),
    http.get(`*/api/users/${member.id}/block`, () => HttpResponse.json({ blocked: false })),
  );
}

describe('ProfilePage', () => {
  it("shows 'User not found' for an unknown id", async () => {
    server.use(
      http.get('*/api/auth/user', () => HttpResponse.json(ME)),
      http.get('*/api/users/ghost', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'User not found' }, { status: 404 })),
    );
    renderProfile('ghost');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
  });

  it('names a member by first and last name without a username, lists only their available sneakers, and follows them', async () => {
    const member = buildUser({ id: 'ava', username: null, firstName: 'Ava', lastName: 'Stone', bio: null, reputation: '0.00' });
    serveMember(member, [
      buildSneaker({ id: 1, userId: 'ava', name: 'Dunk Low Panda' }),
      buildSneaker({ id: 2, userId: 'ava', name: 'Hidden Pair', isAvailableForTrade: false }),
    ]);
    const user = userEvent.setup();
    renderProfile('ava');

    expect(await screen.findByRole('heading', { name: 'Ava Stone' })).toBeTruthy();
    expect(screen.getByText('Sneaker enthusiast and trader')).toBeTruthy();
    expect(await screen.findByText('Dunk Low Panda')).toBeTruthy();
    expect(screen.queryByText('Hidden Pair')).toBeNull();
    expect(screen.getByRole('tab', { name: /Sneakers \(1\)/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Following \(3\)/ })).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You are now following this user')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(await screen.findByText('5')).toBeTruthy();
  });

  it('tells the owner to add a first sneaker and offers them no Follow button', async () => {
    serveMember(ME, []);
    renderProfile('me');

    expect(await screen.findByRole('heading', { name: 'kicks' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Add your first sneaker' })).getAttribute('href')).toBe('/locker');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('tells visitors of an empty profile that nothing is listed yet', async () => {
    serveMember(buildUser({ id: 'zed', username: null, firstName: null, lastName: null }), []);
    renderProfile('zed');

    expect(await screen.findByRole('heading', { name: 'Anonymous User' })).toBeTruthy();
    expect(await screen.findByText('No sneakers listed yet')).toBeTruthy();
  });
});
