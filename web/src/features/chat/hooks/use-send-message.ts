import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MessagePage } from '@soleswap/contracts/chat';
import { toast } from '../../../lib/toast';
import type { ThreadRef } from '../api/thread';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { sendMessage } from '../api/send-message';
import { outbox } from './outbox';
import { chatKeys } from '../../../lib/query-keys';

/**
 * Sending with an outbox: the message shows at once as "sending"; when the server confirms it
 * joins the thread; when it fails it stays, marked failed, until Retry sends it again with the
 * same Idempotency-Key (so a send that did reach the server is not posted twice).
 */
export function useSendMessage(thread: ThreadRef) {
  const queryClient = useQueryClient();

  const attempt = useCallback(
    async (key: string) => {
      const pending = outbox.get(thread, key);
      if (!pending) return;
      outbox.setStatus(thread, key, 'sending');
      try {
        const message = await sendMessage(thread, { content: pending.content }, key);
        queryClient.setQueryData<InfiniteData<MessagePage, number | undefined>>(chatKeys.messages(thread), (data) => {
          if (!data || data.pages.length === 0) return data;
          const [newest, ...older] = data.pages;
          if (newest!.messages.some((m) => m.id === message.id)) return data;
          return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
        });
        outbox.remove(thread, key);
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(thread) });
      } catch {
        outbox.setStatus(thread, key, 'failed');
        toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' });
      }
    },
    [queryClient, thread],
  );

  const send = useCallback(
    (content: string) => {
      const key = newIdempotencyKey(); // kept by the outbox across the message's retries
      outbox.add(thread, { key, content, status: 'sending', createdAt: new Date().toISOString() });
      void attempt(key);
    },
    [attempt, thread],
  );

  return { send, retry: attempt };
}
