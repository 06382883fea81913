// @vitest-environment jsdom
import type { ChatMessage, MessagePage } from '@soleswap/contracts/chat';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { outbox } from '../hooks/outbox';
import { ChatPanel } from './chat-panel';

const ME = 'me-1';
const PARTNER = { id: 'partner-1', username: 'sole_sam', firstName: null, lastName: null, profileImageUrl: null };

beforeEach(() => outbox.clear());

let nextId = 100;
function message(content: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: nextId++,
    tradeId: 42,
    conversationId: null,
    senderId: PARTNER.id,
    content,
    imageUrl: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A thread served by MSW: GET pages, POST answers with `onPost`, read marks accepted. */
function serveThread(initial: ChatMessage[], onPost: (body: { content: string }, key: string | null) => Response | Promise<Response>) {
  const stored = [...initial];
  const posts: Array<{ body: { content: string }; key: string | null }> = [];
  server.use(
    http.get('*/api/trades/42/messages', (): Response => HttpResponse.json({ messages: stored, nextBefore: null } satisfies MessagePage)),
    http.post('*/api/trades/42/messages/read', () => HttpResponse.json({ lastReadId: 1, unreadTotal: 0 })),
    http.post('*/api/trades/42/messages', async ({ request }) => {
      const body = (await request.json()) as { content: string };
      const key = request.headers.get('Idempotency-Key');
      posts.push({ body, key });
      const res = await onPost(body, key);
      if (res.status === 201) stored.push((await res.clone().json()) as ChatMessage);
      return res;
    }),
  );
  return posts;
}

function renderPanel() {
  return renderWithApp(
    <ChatPanel thread={{ kind: 'trade', id: 42 }} partner={PARTNER} currentUserId={ME} subtitle="Trading partner" footer={<span>Trade #42</span>} />,
  );
}

const ok = (body: { content: string }) => HttpResponse.json(message(body.content, { senderId: ME }), { status: 201 });

describe('ChatPanel', () => {
  it('shows the partner, the messages with relative times, and the footer', async () => {
    serveThread([message('Still have the box?', { createdAt: new Date(Date.now() - 5 * 60_000).toISOString() })], ok);
    renderPanel();
    const panel = screen.getByRole('region', { name: 'Chat with sole_sam' });
    expect(within(panel).getByText('Trading partner')).toBeTruthy();
    expect(await within(panel).findByText('Still have the box?')).toBeTruthy();
    expect(within(panel).getByText('5m ago')).toBeTruthy();
    expect(within(panel).getByText('Trade #42')).toBeTruthy();
  });

  it('sends on Enter, adds a newline on Shift+Enter, and keeps Send disabled while blank', async () => {
    const posts = serveThread([], ok);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('No messages yet. Say hello!');
    const box = screen.getByRole('textbox', { name: 'Message sole_sam' }) as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(box, '   ');
    expect(send.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(posts).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box.value).toBe('Line one\nLine two');
    expect(posts).toHaveLength(0);
    expect(send.disabled).toBe(false);
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/Line one\s+Line two/)).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([{ content: 'Line one\nLine two' }]);
    expect(posts[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(box.value).toBe('');
  });

  it('keeps a message that failed in the list, says so, and retries it with the same Idempotency-Key', async () => {
    let failNext = true;
    const posts = serveThread([], (body) => {
      if (failNext) {
        failNext = false;
        return HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 });
      }
      return ok(body);
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('No messages yet. Say hello!');
    await user.type(screen.getByRole('textbox', { name: 'Message sole_sam' }), 'Deal at $250?{Enter}');

    expect(await screen.findByText('Failed to send')).toBeTruthy();
    expect(screen.getByText('Deal at $250?')).toBeTruthy();
    expect(await screen.findByText('Failed to send message')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Just now');
    expect(screen.queryByText('Failed to send')).toBeNull();
    expect(screen.getAllByText('Deal at $250?')).toHaveLength(1);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).toBe(posts[0]!.key);
  });

  it('shows links and markup as the text that was typed, never as HTML', async () => {
    serveThread([message('see <a href="https://evil.example">here</a> or https://example.com/x <img src=x onerror=alert(1)>')], ok);
    renderPanel();
    const text = await screen.findByText(/see <a href=/);
    expect(text.textContent).toContain('<img src=x onerror=alert(1)>');
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(list.querySelector('a')).toBeNull();
    expect(list.querySelector('img')).toBeNull();
  });

  it('loads older messages on request', async () => {
    const newest = message('newest');
    const older = message('older one');
    server.use(
      http.get('*/api/trades/42/messages', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        return HttpResponse.json(before ? { messages: [older], nextBefore: null } : { messages: [newest], nextBefore: newest.id });
      }),
      http.post('*/api/trades/42/messages/read', () => HttpResponse.json({ lastReadId: newest.id, unreadTotal: 0 })),
    );
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText('newest');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('older one')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('older one'), expect.stringContaining('newest')]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});
