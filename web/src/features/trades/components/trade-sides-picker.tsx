import { ArrowLeftRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { SneakerPickerColumn } from './sneaker-picker-column';

type Side = ComponentProps<typeof SneakerPickerColumn>;

interface TradeSidesPickerProps {
  /** The person proposing: their own sneakers (left). */
  mine: Side;
  /** The other party's sneakers (right). */
  theirs: Side;
}

/** Left column mine, an arrow, right column theirs; stacked on phones (see docs/web-client.md#screens-and-routes). */
export function TradeSidesPicker({ mine, theirs }: TradeSidesPickerProps) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[1fr_auto_1fr]">
      <SneakerPickerColumn {...mine} />
      <div className="flex justify-center md:pt-12" aria-hidden="true">
        <span className="rounded-full border border-border bg-surface-raised p-3 text-accent">
          <ArrowLeftRight className="size-5 rotate-90 md:rotate-0" />
        </span>
      </div>
      <SneakerPickerColumn {...theirs} />
    </div>
  );
}
