import type { Sneaker } from '@soleswap/contracts/sneakers';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useDeleteSneaker } from '../api/delete-sneaker';
import { sneakerChangeErrorMessage } from '../sneaker-errors';

interface DeleteSneakerDialogProps {
  sneaker: Pick<Sneaker, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before deleting a sneaker for good, then reports the outcome (see docs/web-client.md#messages). */
export function DeleteSneakerDialog({ sneaker, open, onOpenChange }: DeleteSneakerDialogProps) {
  const remove = useDeleteSneaker();

  function onDelete() {
    remove.mutate(sneaker.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Sneaker deleted successfully' });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({ title: 'Error', description: sneakerChangeErrorMessage(error, 'Failed to delete sneaker'), variant: 'destructive' });
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${sneaker.name}?`}
      description="It leaves your locker and every list. This cannot be undone."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
