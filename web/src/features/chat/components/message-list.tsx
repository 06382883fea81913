import type { ChatMessage } from '@soleswap/contracts/chat';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import type { OutgoingMessage } from '../hooks/outbox';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  messages: ChatMessage[];
  outgoing: OutgoingMessage[];
  currentUserId: string;
  now: Date;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (key: string) => void;
}

/** The thread, oldest at the top; it stays scrolled to the newest message as messages arrive. */
export function MessageList({ messages, outgoing, currentUserId, now, hasOlder, isLoadingOlder, onLoadOlder, onRetry }: MessageListProps) {
  const endRef = useRef<HTMLLIElement>(null);
  const newestId = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId, outgoing.length]);

  return (
    <div className="flex max-h-96 min-h-40 flex-col overflow-y-auto p-3">
      {hasOlder ? (
        <Button variant="ghost" size="sm" className="self-center" disabled={isLoadingOlder} onClick={onLoadOlder}>
          {isLoadingOlder ? 'Loading...' : 'Load older messages'}
        </Button>
      ) : null}
      {messages.length === 0 && outgoing.length === 0 ? <p className="m-auto text-center text-sm text-muted">No messages yet. Say hello!</p> : null}
      <ol aria-label="Messages" className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            content={message.content}
            imageUrl={message.imageUrl}
            createdAt={message.createdAt}
            isMine={message.senderId === currentUserId}
            now={now}
          />
        ))}
        {outgoing.map((message) => (
          <MessageBubble
            key={message.key}
            content={message.content}
            createdAt={message.createdAt}
            isMine
            now={now}
            status={
              message.status === 'sending' ? (
                'Sending...'
              ) : (
                <span className="flex items-center gap-2 text-destructive">
                  <AlertCircle aria-hidden="true" className="size-3.5" />
                  Failed to send
                  <Button variant="outline" size="sm" className="h-7 px-2" onClick={() => onRetry(message.key)}>
                    Retry
                  </Button>
                </span>
              )
            }
          />
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
    </div>
  );
}
