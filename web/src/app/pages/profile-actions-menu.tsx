import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, Flag, MoreHorizontal, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useBlockStatus } from '../../features/blocks/api/block-user';
import { BlockDialog } from '../../features/blocks/components/block-dialog';
import { ReportDialog } from '../../features/moderation/components/report-dialog';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted';

/** The "more" menu on someone else's profile: report them (moderation), block or unblock them (blocks). */
export function ProfileActionsMenu({ userId, name }: { userId: string; name: string }) {
  const status = useBlockStatus(userId);
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const isBlocked = status.data?.blocked ?? false;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`More actions for ${name}`}
          className="inline-flex size-10 items-center justify-center rounded-lg border border-border text-muted hover:bg-surface-raised hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => setDialog('report')}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} disabled={status.isLoading} onSelect={() => setDialog('block')}>
              {isBlocked ? <ShieldOff aria-hidden="true" /> : <Ban aria-hidden="true" />}
              {isBlocked ? 'Unblock' : 'Block'}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        kind="member"
        targetId={userId}
        name={name}
        open={dialog === 'report'}
        onOpenChange={(open) => setDialog(open ? 'report' : null)}
      />
      <BlockDialog
        userId={userId}
        name={name}
        block={!isBlocked}
        open={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
      />
    </>
  );
}
