import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { useRunClearing } from '../../features/loops/api/run-clearing';
import { toUserMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { ADMIN_LINKS, isActivePath } from './nav-links';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:text-muted';

/** "Run loop clearing": runs the clearing now and says in a toast how many loops it proposed. */
function useRunLoopClearing() {
  const run = useRunClearing();
  const start = () =>
    run.mutate(undefined, {
      onSuccess: ({ loopIds }) =>
        toast({ title: 'Loop clearing done', description: `${loopIds.length} ${loopIds.length === 1 ? 'loop' : 'loops'} proposed.` }),
      onError: (error) =>
        toast({ title: 'Loop clearing failed', description: toUserMessage(error, 'The clearing could not run. Try again.'), variant: 'destructive' }),
    });
  return { start, isRunning: run.isPending };
}

/** The desktop bar's Admin menu: the admin pages and the loop clearing. */
export function AdminMenu({ location }: { location: string }) {
  const clearing = useRunLoopClearing();
  const isActive = ADMIN_LINKS.some((link) => isActivePath(link.href, location));
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={cn(
          'flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold transition-colors hover:text-foreground',
          isActive ? 'text-foreground' : 'text-muted',
        )}
      >
        Admin
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl"
        >
          {ADMIN_LINKS.map((link) => (
            <DropdownMenu.Item key={link.href} asChild className={ITEM}>
              <Link href={link.href}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} disabled={clearing.isRunning} onSelect={clearing.start}>
            <RefreshCw aria-hidden="true" />
            {clearing.isRunning ? 'Running loop clearing…' : 'Run loop clearing'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The same in the phone menu: a labelled group of links and the clearing button. */
export function AdminMenuSection({ location }: { location: string }) {
  const clearing = useRunLoopClearing();
  const headingId = useId();
  return (
    <li className="mt-2 border-t border-border pt-2">
      <p id={headingId} className="px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase">
        Admin
      </p>
      <ul aria-labelledby={headingId} className="flex flex-col">
        {ADMIN_LINKS.map((link) => {
          const isActive = isActivePath(link.href, location);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn('block rounded-lg px-3 py-3 text-sm font-semibold hover:text-foreground', isActive ? 'text-foreground' : 'text-muted')}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            disabled={clearing.isRunning}
            onClick={clearing.start}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-3 text-left text-sm font-semibold text-muted hover:text-foreground disabled:opacity-50"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {clearing.isRunning ? 'Running loop clearing…' : 'Run loop clearing'}
          </button>
        </li>
      </ul>
    </li>
  );
}
