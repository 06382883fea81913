import { MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The profile's Message button: opens (or starts) the conversation with this member. */
export function ProfileMessageButton({ onClick, isPending = false }: { onClick: () => void; isPending?: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={isPending}>
      <MessageCircle aria-hidden="true" />
      {isPending ? 'Opening...' : 'Message'}
    </Button>
  );
}
