import type { Conversation } from '@soleswap/contracts/chat';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/relative-time';
import { partnerName } from '../chat-names';
import { PartnerAvatar } from './partner-avatar';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: number | null;
  currentUserId: string;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}

/** The member's conversations: partner, last message, when, and how many are unread. */
export function ConversationList({ conversations, selectedId, currentUserId, hasMore, isLoadingMore, onLoadMore }: ConversationListProps) {
  const now = new Date();
  return (
    <nav aria-label="Conversations" className="flex flex-col">
      <ul className="flex flex-col divide-y divide-border">
        {conversations.map((c) => {
          const name = partnerName(c.partner);
          const preview = c.lastMessage ? `${c.lastMessage.senderId === currentUserId ? 'You: ' : ''}${c.lastMessage.preview}` : 'No messages yet';
          return (
            <li key={c.id}>
              <Link
                href={`/messages/${c.id}`}
                aria-current={c.id === selectedId ? 'page' : undefined}
                className={cn('flex items-center gap-3 p-3 hover:bg-surface-raised', c.id === selectedId && 'bg-surface-raised')}
              >
                <PartnerAvatar partner={c.partner} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold text-sm">{name}</span>
                    {c.lastMessage ? <span className="shrink-0 text-xs text-muted">{formatRelativeTime(c.lastMessage.createdAt, now)}</span> : null}
                  </span>
                  <span className="truncate text-xs text-muted">{preview}</span>
                </span>
                {c.unreadCount > 0 ? (
                  <>
                    <span aria-hidden="true" className="rounded-full bg-accent px-2 text-xs font-bold text-accent-foreground">
                      {c.unreadCount}
                    </span>
                    <span className="sr-only"> ({c.unreadCount} unread)</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <Button variant="ghost" size="sm" className="m-2" disabled={isLoadingMore} onClick={onLoadMore}>
          {isLoadingMore ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </nav>
  );
}
