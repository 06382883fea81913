import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { UserSneakersGrid } from './user-sneakers-grid';

const refusal = (status: number, code: string) => new ApiError(status, JSON.stringify({ code, message: 'refused' }));

function renderGrid(error: unknown, { isOwner = false } = {}) {
  return render(<UserSneakersGrid sneakers={[]} isLoading={false} isError error={error} onRetry={vi.fn()} isOwner={isOwner} viewerId="viewer" />);
}

describe("a profile's Sneakers tab that could not list the pairs", () => {
  it.each([
    ['the block refusal', refusal(403, 'BLOCKED')],
    ["the locker's not-found across a block", refusal(404, 'NOT_FOUND')],
  ])('says plainly that the viewer cannot see them after %s, with nothing to retry', (_, error) => {
    renderGrid(error);
    expect(screen.getByRole('heading', { name: "You can't see this member's sneakers" })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('still offers Try again when loading failed for another reason', () => {
    renderGrid(refusal(500, 'INTERNAL'));
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load these sneakers.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText("You can't see this member's sneakers")).toBeNull();
  });
});
