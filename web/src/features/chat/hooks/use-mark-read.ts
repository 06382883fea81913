import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatUnreadQueryKey, conversationsQueryKey, type ThreadRef } from '../api/chat-keys';
import { markThreadRead } from '../api/send-message';

/**
 * While the panel shows a thread, what it shows counts as read: the newest message from the
 * partner is reported once, and the unread counts refresh.
 */
export function useMarkRead(thread: ThreadRef, newestFromPartnerId: number | null) {
  const queryClient = useQueryClient();
  const reported = useRef(0);
  useEffect(() => {
    if (newestFromPartnerId === null || newestFromPartnerId <= reported.current) return;
    reported.current = newestFromPartnerId;
    markThreadRead(thread, newestFromPartnerId)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey });
        if (thread.kind === 'conversation') void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      })
      // Not worth a toast: the next message shown reports again.
      .catch(() => {
        reported.current = 0;
      });
  }, [newestFromPartnerId, queryClient, thread]);
}
