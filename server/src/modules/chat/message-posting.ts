import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SendMessageSchema } from '@soleswap/contracts/chat';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { idempotencyKeyOf, idempotent } from '../../http/idempotency';
import { IdempotentBatches, replyWith } from '../../http/idempotent-batches';
import type { ChatViewer, ThreadRef } from './chat-thread';
import { batchedMessageCounter, MESSAGE_SENDING_LIMIT, messageSendingCounter } from './message-rate-limit';
import { postMessagesTogether, type ConversationPost } from './post-messages-together';
import { sendMessage } from './send-message';

type Post = { sender: ChatViewer; ref: ThreadRef; input: z.output<typeof SendMessageSchema> };

/**
 * What POST .../messages does, one app's worth. A text message to a conversation waits for the
 * next batch (group commit, see IdempotentBatches and postMessagesTogether): under load, the posts
 * that arrive while one batch commits are stored by the next in one transaction. A trade's chat,
 * a message with an image, and every post of a batch that failed as a whole run on their own
 * (sendMessage in the key's transaction), with the same rules and answers.
 */
export function messagePosting(ctx: AppContext) {
  const batches = new IdempotentBatches<ConversationPost>(ctx, { status: 201, limit: MESSAGE_SENDING_LIMIT, run: postMessagesTogether });

  return async function postMessage(request: FastifyRequest, reply: FastifyReply, { sender, ref, input }: Post): Promise<unknown> {
    let isCounted = false;
    if (ref.kind === 'conversation' && !input.imageUrl) {
      const idempotency = idempotencyKeyOf(request);
      const countKey = await batchedMessageCounter(request, reply, sender.id);
      const answer = await batches.submit({
        userId: sender.id,
        input: { sender, conversationId: ref.id, content: input.content },
        idempotency,
        countKey,
      });
      if (!('runAlone' in answer)) return replyWith(reply, answer);
      request.log.warn({ err: answer.error }, 'a batch of posts failed; this post runs on its own');
      // Counted already when Redis counts (the batch undid only the database's work).
      isCounted = countKey === null;
    }
    const countFirst = isCounted ? undefined : messageSendingCounter(request, reply, sender.id);
    return idempotent(request, reply, { userId: sender.id, status: 201, countFirst, refusesBeforeWriting: true }, (txCtx) =>
      sendMessage(txCtx, { sender, ref, input }),
    );
  };
}
