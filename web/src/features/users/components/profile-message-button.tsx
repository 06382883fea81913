import * as Tooltip from '@radix-ui/react-tooltip';
import { MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

const REASON = 'Messaging opens inside a trade';

/**
 * The profile's Message button. Chat lives inside a trade, so the button does
 * nothing and says why. It is aria-disabled rather than disabled, so keyboard
 * and screen-reader users can still reach it and hear the reason.
 */
export function ProfileMessageButton() {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Button variant="outline" aria-disabled="true" className="cursor-not-allowed opacity-50 hover:bg-transparent">
          <MessageCircle aria-hidden="true" />
          Message
          <span className="sr-only">({REASON})</span>
        </Button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 rounded-lg border border-border bg-surface-raised px-3 py-2 text-xs text-foreground shadow-xl"
        >
          {REASON}
          <Tooltip.Arrow className="fill-surface-raised" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
