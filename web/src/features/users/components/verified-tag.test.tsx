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
const NEWCOMER = buildUser({
  id: 'new-1',
  username: 'newcomer',
  isPremiumMember: false,
  createdAt: new Date().toISOString(),
  verifiedMember: { isVerified: false, missing: ['premium', 'confirmed-email', 'second-factor'] },
});
/** Paid, but no confirmed address and no second factor: $1 alone does not buy the tag (issue #39). */
const PAID_ONLY = buildUser({
  id: 'pro-1',
  username: 'premium',
  isPremiumMember: true,
  membershipPaidAt: '2025-01-01T00:00:00.000Z',
  verifiedMember: { isVerified: false, missing: ['confirmed-email', 'second-factor'] },
});
const VERIFIED = { ...PAID_ONLY, username: 'verified', verifiedMember: { isVerified: true, missing: [] } };

describe('the VERIFIED tag', () => {
  it('is not on a member without a premium membership, in the welcome banner or the profile header', () => {
    renderWithApp(<WelcomeBanner user={NEWCOMER} />);
    expect(screen.getByRole('heading', { name: 'Welcome back, newcomer!' })).toBeTruthy();
    expect(screen.queryByText('VERIFIED')).toBeNull();
    expect(screen.queryByText(/Not VERIFIED yet/)).toBeNull();
    cleanup();

    renderWithApp(<ProfileHeader user={NEWCOMER} isOwnProfile />);
    expect(screen.getByRole('heading', { name: 'newcomer' })).toBeTruthy();
    expect(screen.queryByText('VERIFIED')).toBeNull();
  });

  it('is not on a premium member who lacks a confirmed address and a second factor: they see what is missing instead', () => {
    renderWithApp(<WelcomeBanner user={PAID_ONLY} />);
    expect(screen.queryByText('VERIFIED')).toBeNull();
    expect(document.body.textContent).toContain(
      'Not VERIFIED yet: add a confirmed e-mail address and a second factor (an authenticator app or a passkey) in Security settings.',
    );
    expect(screen.getByRole('link', { name: 'Security settings' }).getAttribute('href')).toBe('/settings/security');
    cleanup();

    // Another member's profile: the server tells nobody else what is missing, and no tag shows.
    renderWithApp(<ProfileHeader user={{ ...PAID_ONLY, verifiedMember: { isVerified: false, missing: null } }} isOwnProfile={false} />);
    expect(screen.queryByText('VERIFIED')).toBeNull();
    expect(screen.queryByText(/Not VERIFIED yet/)).toBeNull();
  });

  it('is on a verified member in both places', () => {
    renderWithApp(<WelcomeBanner user={VERIFIED} />);
    expect(screen.getByText('VERIFIED')).toBeTruthy();
    cleanup();

    renderWithApp(<ProfileHeader user={{ ...VERIFIED, verifiedMember: { isVerified: true, missing: null } }} isOwnProfile={false} />);
    expect(screen.getByText('VERIFIED')).toBeTruthy();
  });
});
