import { VERIFICATION_CHECKS } from '@soleswap/contracts/verification-values';
import type { CreateSneaker } from '@soleswap/contracts/sneakers';
import { Dialog } from '../../../components/ui/dialog';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateSneaker } from '../api/create-sneaker';
import { EMPTY_SNEAKER_FORM } from '../sneaker-form-values';
import { SneakerForm } from './sneaker-form';

interface AddSneakerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add Sneaker (see docs/rules/sneakers.md#adding-and-editing): on success 'Success / Sneaker added to your
 * collection', the form resets and the dialog closes; on failure 'Error' with the
 * server's message, and its field messages under the fields.
 */
export function AddSneakerDialog({ open, onOpenChange }: AddSneakerDialogProps) {
  const create = useCreateSneaker();

  async function onSave(values: CreateSneaker) {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      toast({ title: 'Error', description: toUserMessage(error, 'Failed to add sneaker'), variant: 'destructive' });
      throw error;
    }
    toast({ title: 'Success', description: 'Sneaker added to your collection' });
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Sneaker"
      description={`Add a pair to your locker so other members can trade for it. Once added, verify it: ${VERIFICATION_CHECKS.length} checks against the catalogue, market prices and its photo.`}
    >
      <SneakerForm
        defaultValues={EMPTY_SNEAKER_FORM}
        initialPreviewUrl={null}
        submitLabel="Add Sneaker"
        pendingLabel="Adding..."
        onSave={onSave}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
