// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { ProfileHeader } from './profile-header';
import { WelcomeBanner } from './welcome-banner';

beforeEach(() => {
  server.use(http.get('*/api/users/:id/stats', () => HttpResponse.json({ sneakerCount: 0, tradeCount: 0, followerCount: 0, followingCount: 0 })));
});

/** A member who signed up a minute ago, without a membership. */
const NEWCOMER = buildUser({ id: 'new-1', username: 'newcomer', isPremiumMember: false, createdAt: new Date().toISOString() });
const PREMIUM = buildUser({ id: 'pro-1', username: 'premium', isPremiumMember: true, membershipPaidAt: '2025-01-01T00:00:00.000Z' });

describe('the VERIFIED tag', () => {
  it('is not on a member without a premium membership, in the welcome banner or the profile header', () => {
    renderWithApp(<WelcomeBanner user={NEWCOMER} />);
    expect(screen.getByRole('heading', { name: 'Welcome back, newcomer!' })).toBeTruthy();
    expect(screen.queryByText('VERIFIED')).toBeNull();
    cleanup();

    renderWithApp(<ProfileHeader user={NEWCOMER} isOwnProfile />);
    expect(screen.getByRole('heading', { name: 'newcomer' })).toBeTruthy();
    expect(screen.queryByText('VERIFIED')).toBeNull();
  });

  it('is on a premium member in both places', () => {
    renderWithApp(<WelcomeBanner user={PREMIUM} />);
    expect(screen.getByText('VERIFIED')).toBeTruthy();
    cleanup();

    renderWithApp(<ProfileHeader user={PREMIUM} isOwnProfile />);
    expect(screen.getByText('VERIFIED')).toBeTruthy();
  });
});
