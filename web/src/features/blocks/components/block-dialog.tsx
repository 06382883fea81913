import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetBlocked } from '../api/block-user';

interface BlockDialogProps {
  userId: string;
  name: string;
  /** What confirming does: block, or lift the block. */
  block: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before blocking or unblocking a member, and says what a block does. */
export function BlockDialog({ userId, name, block, open, onOpenChange }: BlockDialogProps) {
  const setBlocked = useSetBlocked(userId);

  function onConfirm() {
    setBlocked.mutate(block, {
      onSuccess: () => {
        toast({ title: block ? `You blocked ${name}` : `You unblocked ${name}` });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({
          title: block ? 'Failed to block user' : 'Failed to unblock user',
          description: toUserMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={block ? `Block ${name}?` : `Unblock ${name}?`}
      description={
        block
          ? "Neither of you will see the other's listings, send proposals or counter-offers, message or follow the other. Your pending proposals with them are cancelled and you stop following each other. They are not told."
          : 'You will see each other’s listings again and can trade and follow. Cancelled proposals stay cancelled.'
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant={block ? 'destructive' : 'primary'} onClick={onConfirm} disabled={setBlocked.isPending}>
          {setBlocked.isPending ? 'Saving...' : block ? 'Block' : 'Unblock'}
        </Button>
      </div>
    </Dialog>
  );
}
