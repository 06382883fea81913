import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConversationsQuerySchema, MarkReadSchema, MessagesQuerySchema, SendMessageSchema, StartConversationSchema } from '@soleswap/contracts/chat';
import type { User } from '@soleswap/contracts/users';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import type { ChatViewer, ThreadRef } from './chat-thread';
import { findConversations, getConversation } from './find-conversations';
import { findMessages } from './find-messages';
import { getChatUnread } from './get-unread';
import { markThreadRead } from './mark-read';
import { messagePosting } from './message-posting';
import { startConversation } from './start-conversation';
import { idParam } from '../../http/id-param';

const viewerOf = (user: User): ChatViewer => ({ id: user.id, isAdmin: user.role === 'admin', username: user.username });

/** Ids in URLs are user input: text that is no number is "not found", a number beyond int4 a 400 (http/id-param.ts). */
function idOf(params: unknown, what: string): number {
  return idParam(params, what);
}

const doc = (summary: string, schemas: Record<string, unknown> = {}) => ({ config: { openapi: { summary, ...schemas } } });

export async function chatRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const postMessage = messagePosting(ctx);

  /** The same three calls for a trade's chat and for a conversation. */
  function threadRoutes(base: string, kind: ThreadRef['kind'], what: string) {
    const refOf = (request: FastifyRequest): ThreadRef => ({ kind, id: idOf(request.params, what) });

    app.get(
      `${base}/:id/messages`,
      doc(`A page of the ${kind}'s messages, oldest first (before, limit)`, { query: MessagesQuerySchema }),
      async (request) => {
        const user = await requireUser(request);
        const ref = refOf(request);
        return findMessages(ctx, { viewer: viewerOf(user), ref, query: parse(MessagesQuerySchema, request.query) });
      },
    );

    app.post(
      `${base}/:id/messages`,
      doc(`Send a message in the ${kind} (Idempotency-Key honoured)`, { body: SendMessageSchema }),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const user = await requireUser(request);
        const ref = refOf(request);
        const input = parse(SendMessageSchema, request.body);
        return postMessage(request, reply, { sender: viewerOf(user), ref, input });
      },
    );

    app.post(
      `${base}/:id/messages/read`,
      doc(`Mark the ${kind}'s messages read up to messageId (default: all)`, { body: MarkReadSchema }),
      async (request) => {
        const user = await requireUser(request);
        const ref = refOf(request);
        const { messageId } = parse(MarkReadSchema, request.body);
        return markThreadRead(ctx, { viewer: viewerOf(user), ref, messageId });
      },
    );
  }

  threadRoutes('/api/trades', 'trade', 'Trade');
  threadRoutes('/api/conversations', 'conversation', 'Conversation');
  threadRoutes('/api/loops', 'loop', 'Loop');

  app.get('/api/chat/unread', doc("The caller's unread messages per trade, per conversation, per loop and in total"), async (request) => {
    const user = await requireUser(request);
    return getChatUnread(ctx, { userId: user.id });
  });

  app.get(
    '/api/conversations',
    doc("The caller's conversations, most recent first (cursor, limit)", { query: ConversationsQuerySchema }),
    async (request) => {
      const user = await requireUser(request);
      return findConversations(ctx, { userId: user.id, query: parse(ConversationsQuerySchema, request.query) });
    },
  );

  app.get('/api/conversations/:id', doc('One of the caller’s conversations'), async (request) => {
    const user = await requireUser(request);
    return getConversation(ctx, { userId: user.id, conversationId: idOf(request.params, 'Conversation') });
  });

  app.post('/api/conversations', doc('Find or start the conversation with a member', { body: StartConversationSchema }), async (request, reply) => {
    const user = await requireUser(request);
    const { userId } = parse(StartConversationSchema, request.body);
    const { conversation, isNew } = await startConversation(ctx, { userId: user.id, partnerId: userId });
    reply.status(isNew ? 201 : 200);
    return conversation;
  });
}
