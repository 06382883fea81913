import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Sneaker, SneakerAction } from '@soleswap/contracts/sneakers';
import { Eye, EyeOff, MoreVertical, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useUpdateSneaker } from '../api/update-sneaker';
import { sneakerChangeErrorMessage } from '../sneaker-errors';

// The dialogs (the edit form and its checks) load when first opened.
const EditSneakerDialog = lazy(() => import('./edit-sneaker-dialog').then((m) => ({ default: m.EditSneakerDialog })));
const DeleteSneakerDialog = lazy(() => import('./delete-sneaker-dialog').then((m) => ({ default: m.DeleteSneakerDialog })));

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted';

interface SneakerOwnerMenuProps {
  sneaker: Sneaker;
  /** Verify / Re-verify appear only when the page supplies a handler (see docs/rules/sneakers.md#verification). */
  onVerify?: (sneaker: Sneaker) => void;
}

/**
 * The owner's actions on their own sneaker (verify, edit, hide or show, delete): exactly those
 * in the server's `allowedActions`, so nothing is offered that would then fail. Renders
 * nothing when there are none (someone else's sneaker, or one locked in a trade).
 */
export function SneakerOwnerMenu({ sneaker, onVerify }: SneakerOwnerMenuProps) {
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // Mounted from the first opening on, so closing plays the dialog's exit like before.
  const [hasEdit, setHasEdit] = useState(false);
  const [hasDelete, setHasDelete] = useState(false);
  if (isEditOpen && !hasEdit) setHasEdit(true);
  if (isDeleteOpen && !hasDelete) setHasDelete(true);
  const update = useUpdateSneaker();
  const may = (action: SneakerAction) => sneaker.allowedActions.includes(action);
  const canVerify = may('verify') && onVerify !== undefined;
  const canToggle = may(sneaker.isAvailableForTrade ? 'hide' : 'show');
  // Dialogs stay mounted while open even if a refetch takes the action away meanwhile.
  const hasItems = canVerify || may('edit') || canToggle || may('delete');
  if (!hasItems && !isEditOpen && !isDeleteOpen) return null;

  function onToggleAvailability() {
    const isAvailableForTrade = !sneaker.isAvailableForTrade;
    update.mutate(
      { id: sneaker.id, changes: { isAvailableForTrade } },
      {
        onSuccess: () => toast({ title: isAvailableForTrade ? 'Sneaker available for trading' : 'Sneaker hidden from trading' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: sneakerChangeErrorMessage(error, 'Failed to update sneaker availability'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <>
      {hasItems ? (
        // Not modal: a modal menu would fight the dialogs it opens for focus and pointer events.
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={`Actions for ${sneaker.name}`}
            className="inline-flex size-8 items-center justify-center rounded-lg border border-border text-muted hover:bg-surface-raised hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
          >
            <MoreVertical aria-hidden="true" className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={6}
              className="z-50 min-w-48 rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
            >
              {canVerify ? (
                <DropdownMenu.Item className={ITEM} onSelect={() => onVerify?.(sneaker)}>
                  <ShieldCheck aria-hidden="true" />
                  {sneaker.isVerified ? 'Re-verify' : 'Verify'}
                </DropdownMenu.Item>
              ) : null}
              {may('edit') ? (
                <DropdownMenu.Item className={ITEM} onSelect={() => setIsEditOpen(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </DropdownMenu.Item>
              ) : null}
              {canToggle ? (
                <DropdownMenu.Item className={ITEM} disabled={update.isPending} onSelect={onToggleAvailability}>
                  {sneaker.isAvailableForTrade ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  {sneaker.isAvailableForTrade ? 'Hide from Trading' : 'Make Available'}
                </DropdownMenu.Item>
              ) : null}
              {may('delete') ? (
                <>
                  <DropdownMenu.Separator className="my-1 h-px bg-border" />
                  <DropdownMenu.Item className={`${ITEM} text-destructive`} onSelect={() => setIsDeleteOpen(true)}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </DropdownMenu.Item>
                </>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}

      <Suspense fallback={null}>
        {hasEdit ? <EditSneakerDialog sneaker={sneaker} open={isEditOpen} onOpenChange={setIsEditOpen} /> : null}
        {hasDelete ? <DeleteSneakerDialog sneaker={sneaker} open={isDeleteOpen} onOpenChange={setIsDeleteOpen} /> : null}
      </Suspense>
    </>
  );
}
