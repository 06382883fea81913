import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, MoreVertical } from 'lucide-react';
import { useState } from 'react';
import type { ListingRef } from '../../../lib/listing-menu-slot';
import { ReportDialog } from './report-dialog';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted';

/** The menu on someone else's sneaker card: "Report listing", with its dialog. */
export function ReportListingMenu({ listing }: { listing: ListingRef }) {
  const [isReportOpen, setIsReportOpen] = useState(false);
  return (
    <>
      {/* Not modal: a modal menu would fight the dialog it opens for focus. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`More for ${listing.name}`}
          className="inline-flex size-8 items-center justify-center rounded-lg border border-border text-muted hover:bg-surface-raised hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
        >
          <MoreVertical aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => setIsReportOpen(true)}>
              <Flag aria-hidden="true" />
              Report listing
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog kind="listing" targetId={listing.id} name={listing.name} open={isReportOpen} onOpenChange={setIsReportOpen} />
    </>
  );
}
