import { Ban } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** Shown by the development tools where the server has them switched off. */
export function DisabledNotice() {
  return (
    <Card role="status" className="flex items-center gap-3 p-5">
      <Ban aria-hidden="true" className="size-5 shrink-0 text-muted" />
      <div>
        <p className="font-semibold">This development tool is disabled.</p>
        <p className="text-sm text-muted">The diagnostic pages only work on development servers.</p>
      </div>
    </Card>
  );
}
