import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/relative-time';

interface MessageBubbleProps {
  content: string;
  isMine: boolean;
  createdAt: string;
  imageUrl?: string | null;
  /** Replaces the time (sending..., failed + Retry). */
  status?: ReactNode;
  now: Date;
}

/**
 * One message. The text is rendered as text, never as HTML: a link stays the characters the
 * sender typed, and line breaks are kept.
 */
export function MessageBubble({ content, isMine, createdAt, imageUrl, status, now }: MessageBubbleProps) {
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', isMine ? 'self-end items-end' : 'self-start items-start')}>
      <div
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
          isMine ? 'bg-accent text-accent-foreground' : 'bg-surface-raised text-foreground',
        )}
      >
        {imageUrl ? (
          <a href={imageUrl} target="_blank" rel="noreferrer" className="mb-2 block">
            <img src={imageUrl} alt="Attached photo" className="max-h-48 rounded-lg" />
          </a>
        ) : null}
        {content}
      </div>
      <span className="text-xs text-muted">{status ?? <time dateTime={createdAt}>{formatRelativeTime(createdAt, now)}</time>}</span>
    </li>
  );
}
