import { ArrowLeft, MessagesSquare, Repeat2 } from 'lucide-react';
import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useConversation, useConversations } from '../api/conversations';
import { ChatPanel } from './chat-panel';
import { ConversationList } from './conversation-list';

/**
 * Direct messages (/messages, /messages/:id): the conversation list beside the open thread. On a
 * phone it is one or the other: the list, then the thread with a way back.
 */
export function MessagesPage({ conversationId, currentUserId }: { conversationId: number | null; currentUserId: string }) {
  const list = useConversations();
  const selected = useConversation(conversationId);
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  const isThreadOpen = conversationId !== null;

  return (
    <Page title="Messages" description="Talk sneakers with other members before you trade.">
      <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <Card className={cn('overflow-hidden p-0', isThreadOpen && 'max-md:hidden')}>
          {list.isLoading ? (
            <div className="flex flex-col gap-2 p-3" aria-busy="true">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          ) : list.isError ? (
            <p role="alert" className="p-6 text-center text-sm text-muted">
              Couldn't load your conversations.
            </p>
          ) : conversations.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-8 text-center text-sm text-muted">
              <MessagesSquare aria-hidden="true" className="size-8" />
              No conversations yet. Open a member's profile and press Message.
            </div>
          ) : (
            <ConversationList
              conversations={conversations}
              selectedId={conversationId}
              currentUserId={currentUserId}
              hasMore={list.hasNextPage}
              isLoadingMore={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
            />
          )}
        </Card>
        <div className={cn('flex flex-col gap-2', !isThreadOpen && 'max-md:hidden')}>
          {isThreadOpen ? (
            <Link href="/messages" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'self-start md:hidden' })}>
              <ArrowLeft aria-hidden="true" />
              All conversations
            </Link>
          ) : null}
          {!isThreadOpen ? (
            <Card className="flex min-h-60 items-center justify-center p-8 text-sm text-muted">Choose a conversation.</Card>
          ) : selected.isLoading ? (
            <Skeleton className="h-96 rounded-xl" />
          ) : selected.isError || !selected.data ? (
            <Card role="alert" className="p-8 text-center text-sm text-muted">
              This conversation does not exist.
            </Card>
          ) : (
            <ChatPanel
              thread={{ kind: 'conversation', id: selected.data.id }}
              partner={selected.data.partner}
              currentUserId={currentUserId}
              subtitle="Direct message"
              actions={
                <Link
                  href={`/trades/create?owner=${encodeURIComponent(selected.data.partner.id)}`}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                >
                  <Repeat2 aria-hidden="true" />
                  Propose a trade
                </Link>
              }
            />
          )}
        </div>
      </div>
    </Page>
  );
}
