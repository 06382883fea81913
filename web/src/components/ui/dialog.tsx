import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * Where focus goes back to when a dialog closes: the element that opened it, or, when that
 * was an item of a dropdown menu (which disappears), the button that opened the menu.
 */
function focusReturnTarget(opener: Element | null): HTMLElement | null {
  const menu = opener?.closest('[role="menu"]');
  const menuButton = menu?.id
    ? Array.from(document.querySelectorAll('[aria-controls]')).find((el) => el.getAttribute('aria-controls') === menu.id)
    : undefined;
  const target = menuButton ?? opener;
  return target instanceof HTMLElement ? target : null;
}

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog (rendered through Radix `asChild`). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /**
   * Width from the sm breakpoint: 'wide' for two columns side by side (a trade's two sides).
   * A prop rather than a max-width in `className`: two max-widths in one class list are settled by
   * the stylesheet's order, where max-w-lg came last and squeezed the counter-offer's names.
   */
  size?: 'default' | 'wide';
  className?: string;
}

/**
 * A modal dialog with a title, an optional description and a close button.
 * Radix traps focus inside and returns it to the trigger on close.
 */
export function Dialog({ open, onOpenChange, trigger, title, description, children, size = 'default', className }: DialogProps) {
  // Radix returns focus only to its own Trigger; a controlled dialog opened by some other
  // button would drop keyboard users on <body>, so remember what had focus when it opened.
  const openerRef = useRef<HTMLElement | null>(null);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl border border-border bg-surface p-5',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6',
            size === 'wide' ? 'sm:max-w-3xl' : 'sm:max-w-lg',
            className,
          )}
          // Without a description Radix warns; undefined tells it there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // Focus has not moved into the dialog yet, so this is the opener.
            openerRef.current = focusReturnTarget(document.activeElement);
          }}
          onCloseAutoFocus={(event) => {
            const opener = openerRef.current;
            if (trigger || !opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <DialogPrimitive.Title className="font-display text-xl font-extrabold">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="text-sm text-muted">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="rounded-md p-1 text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
