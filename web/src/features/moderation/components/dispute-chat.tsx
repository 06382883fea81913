import { Button } from '../../../components/ui/button';
import { toUserMessage } from '../../../lib/api-client';
import { oldestFirst, useDisputeChat } from '../api/dispute-chat';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The disputed trade's chat, read-only and oldest first: what the two sides told each other is
 * often the evidence that decides the ruling. `names` maps each party's id to the name shown.
 */
export function DisputeChat({ tradeId, names }: { tradeId: number; names: Record<string, string> }) {
  const chat = useDisputeChat(tradeId);
  const messages = oldestFirst(chat.data?.pages);
  return (
    <section aria-label="Chat" className="flex flex-col gap-2 text-sm">
      <h3 className="font-semibold">Chat{chat.data ? ` (${messages.length}${chat.hasNextPage ? '+' : ''} messages)` : ''}</h3>
      {chat.isPending ? (
        <p className="text-muted">Loading the chat…</p>
      ) : chat.isError ? (
        <p role="alert" className="text-destructive">
          {toUserMessage(chat.error, 'The chat could not be loaded.')}
        </p>
      ) : (
        <div className="flex max-h-80 flex-col gap-2 overflow-y-auto rounded-lg border border-border p-3">
          {chat.hasNextPage ? (
            <Button variant="ghost" size="sm" className="self-center" disabled={chat.isFetchingNextPage} onClick={() => void chat.fetchNextPage()}>
              {chat.isFetchingNextPage ? 'Loading…' : 'Load older'}
            </Button>
          ) : null}
          {messages.length === 0 ? <p className="text-muted">The two sides sent no messages.</p> : null}
          <ol aria-label="Messages" className="flex flex-col gap-2">
            {messages.map((m) => (
              <li key={m.id} className="break-words">
                <span className="font-semibold">{names[m.senderId] ?? 'Member'}</span>{' '}
                <span className="text-xs text-muted">{dateTime.format(new Date(m.createdAt))}</span>
                {m.content ? <p className="whitespace-pre-wrap">{m.content}</p> : null}
                {m.imageUrl ? (
                  <a href={m.imageUrl} target="_blank" rel="noreferrer" className="block w-fit">
                    <img src={m.imageUrl} alt={`Photo from ${names[m.senderId] ?? 'a member'}`} className="mt-1 max-h-40 rounded-md" />
                  </a>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
