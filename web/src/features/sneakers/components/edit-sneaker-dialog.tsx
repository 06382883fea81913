import type { CreateSneaker, Sneaker } from '@soleswap/contracts/sneakers';
import { Dialog } from '../../../components/ui/dialog';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateSneaker } from '../api/update-sneaker';
import { sneakerToFormValues } from '../sneaker-form-values';
import { SneakerForm } from './sneaker-form';

interface EditSneakerDialogProps {
  sneaker: Sneaker;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A real edit dialog (docs/rules/sneakers.md#adding-and-editing), not a placeholder: the add form prefilled,
 * saved with PUT. The menu offers it only while the server allows `edit`, so a
 * sneaker locked in an accepted trade never gets here.
 */
export function EditSneakerDialog({ sneaker, open, onOpenChange }: EditSneakerDialogProps) {
  const update = useUpdateSneaker();

  async function onSave(values: CreateSneaker) {
    try {
      await update.mutateAsync({ id: sneaker.id, changes: values });
    } catch (error) {
      toast({ title: 'Error', description: toUserMessage(error, 'Failed to update sneaker'), variant: 'destructive' });
      throw error;
    }
    toast({ title: 'Success', description: 'Sneaker updated' });
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Edit ${sneaker.name}`}>
      {/* Mounted only while open, so every opening starts from the sneaker as it is now. */}
      {open ? (
        <SneakerForm
          defaultValues={sneakerToFormValues(sneaker)}
          initialPreviewUrl={sneaker.thumbnailUrl ?? sneaker.imageUrl}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}
