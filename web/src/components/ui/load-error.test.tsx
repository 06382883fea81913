import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('announces the failure and loads again from the keyboard', async () => {
    const onRetry = vi.fn();
    render(<LoadError message="Couldn't load your trades." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain("Couldn't load your trades.");
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
