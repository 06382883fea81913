// @vitest-environment jsdom
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

/** A dialog opened by its own state, like Add Sneaker on the locker page. */
function OpenedByButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Sneaker
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Add Sneaker">
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

/** A dialog opened from a dropdown menu item, like Edit in a sneaker's owner menu. */
function OpenedFromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger>Actions</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setOpen(true)}>Edit</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={open} onOpenChange={setOpen} title="Edit sneaker">
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe('Dialog focus', () => {
  it('keeps keyboard focus inside and gives it back to the opening button on Escape', async () => {
    const user = userEvent.setup();
    render(<OpenedByButton />);
    const opener = screen.getByRole('button', { name: 'Add Sneaker' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add Sneaker' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus back to the menu button when a menu item opened it', async () => {
    const user = userEvent.setup();
    render(<OpenedFromMenu />);
    const menuButton = screen.getByRole('button', { name: 'Actions' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit sneaker' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
  });
});
