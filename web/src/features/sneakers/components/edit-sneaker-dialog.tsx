import type { CreateSneaker, Sneaker } from '@soleswap/contracts/sneakers';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSneaker } from '../api/get-sneaker';
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
  // Lists leave the photos out: the form starts from the sneaker as GET /api/sneakers/:id answers it,
  // so saving never drops a photo the list did not carry.
  const full = useSneaker(open && !sneaker.photos ? sneaker.id : 0);
  const current = sneaker.photos ? sneaker : full.data;

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
      {open && current ? (
        <SneakerForm
          defaultValues={sneakerToFormValues(current)}
          initialPreviewUrl={current.thumbnailUrl ?? current.imageUrl}
          initialPhotos={current.photos}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      ) : open && full.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(full.error, "Couldn't load this sneaker's photos.")}
        </p>
      ) : open ? (
        <Spinner label="Loading the sneaker" />
      ) : null}
    </Dialog>
  );
}
