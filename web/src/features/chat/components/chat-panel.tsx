import type { ChatPartner } from '@soleswap/contracts/chat';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { ThreadRef } from '../api/chat-keys';
import { flattenPages, useThreadMessages } from '../api/get-messages';
import { partnerName } from '../chat-names';
import { useOutbox } from '../hooks/outbox';
import { useMarkRead } from '../hooks/use-mark-read';
import { useSendMessage } from '../hooks/use-send-message';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { PartnerAvatar } from './partner-avatar';

interface ChatPanelProps {
  thread: ThreadRef;
  partner: ChatPartner;
  currentUserId: string;
  /** Under the partner's name: 'Trading partner', 'Direct message'. */
  subtitle: string;
  /** Beside the partner (a button to propose a trade). */
  actions?: ReactNode;
  /** Under the text box (a trade's status and number). */
  footer?: ReactNode;
  id?: string;
  className?: string;
}

/** Relative times ('2m ago') move on by themselves while the panel is open. */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A chat with one partner: a trade's negotiation chat or a direct conversation. */
export function ChatPanel({ thread: threadProp, partner, currentUserId, subtitle, actions, footer, id, className }: ChatPanelProps) {
  const { kind, id: threadId } = threadProp;
  const thread = useMemo<ThreadRef>(() => ({ kind, id: threadId }), [kind, threadId]);
  const query = useThreadMessages(thread);
  const outgoing = useOutbox(thread);
  const { send, retry } = useSendMessage(thread);
  const now = useNow();
  const messages = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const newestFromPartner = messages.findLast((m) => m.senderId !== currentUserId)?.id ?? null;
  useMarkRead(thread, newestFromPartner);
  const name = partnerName(partner);

  return (
    <section id={id} aria-label={`Chat with ${name}`} className={cn('flex flex-col rounded-xl border border-border bg-surface', className)}>
      <header className="flex items-center gap-3 border-b border-border p-3">
        <PartnerAvatar partner={partner} className="size-8 text-sm" />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-semibold">{name}</span>
          <span className="text-xs text-muted">{subtitle}</span>
        </div>
        {actions}
      </header>
      {query.isLoading ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading messages" />
        </div>
      ) : query.isError && messages.length === 0 ? (
        <div role="alert" className="flex min-h-40 flex-col items-center justify-center gap-3 p-4 text-sm text-muted">
          Couldn't load the messages.
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MessageList
          messages={messages}
          outgoing={outgoing}
          currentUserId={currentUserId}
          now={now}
          hasOlder={query.hasNextPage}
          isLoadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          onRetry={(key) => void retry(key)}
        />
      )}
      <MessageComposer onSend={send} label={`Message ${name}`} />
      {footer ? <footer className="flex justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted">{footer}</footer> : null}
    </section>
  );
}
