import type { User } from '@soleswap/contracts/users';

/** A signed-in member as GET /api/auth/user returns it; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'kicks@example.com',
    firstName: 'Ava',
    lastName: 'Jordan',
    profileImageUrl: null,
    username: 'kicks',
    bio: null,
    reputation: '4.50',
    totalTrades: 3,
    isPremiumMember: false,
    membershipPaidAt: null,
    role: 'member',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
