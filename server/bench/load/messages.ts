import { writeConversations } from './conversations';
import type { CopyValue } from './copy';
import type { ChatState, MarketSetup, SneakerState, TradeState } from './market-state';
import { memberId } from './members';
import { CHAT_LINES } from './vocabulary';

/**
 * Messages: trade chats (75%) and conversations (25%), a long tail of busy threads; the trader's
 * first trade gets a long chat (the messages benchmark). Then who has read how far.
 */
export async function writeMessages(market: MarketSetup & SneakerState & TradeState): Promise<ChatState> {
  const { random, now, copy, client, tradeProposer, tradeReceiver, tradeCreated, tradeEnd } = market;
  const { trades, messages } = market.options;
  const tradeMessages = Math.round(messages * 0.75);
  const perTrade = new Int32Array(trades + 1);
  let chatTradeId = 0;
  for (let t = 1; t <= trades; t++)
    if (tradeProposer[t] === 1 || tradeReceiver[t] === 1) {
      chatTradeId = t;
      break;
    }
  const chatMessages = Math.min(300, Math.floor(tradeMessages / 4));
  if (trades > 0 && tradeMessages > 0) {
    perTrade[chatTradeId] = chatMessages;
    let sum = chatMessages;
    const mu = Math.log(Math.max(0.5, (tradeMessages - sum) / trades)) - 0.5;
    for (let t = 1; t <= trades && sum < tradeMessages; t++) {
      if (t === chatTradeId) continue;
      const n = Math.min(tradeMessages - sum, Math.round(Math.exp(mu + random.normal())));
      perTrade[t] = n;
      sum += n;
    }
    while (sum < tradeMessages) {
      const t = 1 + random.int(trades);
      perTrade[t]!++;
      sum++;
    }
  }
  const conversations = await writeConversations(market, messages - tradeMessages);

  const readRows: CopyValue[][] = [];
  await copy(
    'messages',
    ['id', 'trade_id', 'conversation_id', 'sender_id', 'content', 'created_at'],
    messages,
    (function* () {
      let id = 0;
      const thread = function* (kind: 'trade' | 'conversation', ref: number, a: number, b: number, n: number, from: number, to: number) {
        const step = Math.max(1000, (to - from) / (n + 1));
        let last = 0;
        for (let k = 0; k < n; k++) {
          id++;
          last = id;
          const sender = random.chance(0.5) ? a : b;
          const line = random.pick(CHAT_LINES);
          yield [
            id,
            kind === 'trade' ? ref : null,
            kind === 'conversation' ? ref : null,
            memberId(sender),
            random.chance(0.1) ? `${line} (${k + 1})` : line,
            new Date(Math.min(now - 1000, from + step * (k + 1))),
          ] as CopyValue[];
        }
        if (last === 0) return;
        // Both sides read their chats, except about one thread in ten left with something unread.
        for (const m of [a, b]) {
          const upTo = random.chance(0.9) ? last : last - random.int(Math.min(n, 5));
          if (upTo > last - n) readRows.push([memberId(m), kind === 'trade' ? ref : null, kind === 'conversation' ? ref : null, upTo]);
        }
      };
      for (let t = 1; t <= trades; t++) {
        if (perTrade[t]! > 0) yield* thread('trade', t, tradeProposer[t]!, tradeReceiver[t]!, perTrade[t]!, tradeCreated[t]!, tradeEnd[t]!);
      }
      const { pairs } = conversations;
      let left = messages - id;
      for (let c = 0; c < pairs.length && left > 0; c++) {
        const remaining = pairs.length - c;
        const n = c === pairs.length - 1 ? left : Math.min(left, Math.max(1, Math.round((left / remaining) * Math.exp(random.normal() - 0.5))));
        left -= n;
        const [low, high] = pairs[c]!;
        yield* thread('conversation', c + 1, low, high, n, conversations.created[c]!, now);
      }
    })(),
  );
  await client.query(`
    update conversations c set last_message_id = m.id, last_message_at = m.created_at
    from (select distinct on (conversation_id) conversation_id, id, created_at from messages where conversation_id is not null order by conversation_id, id desc) m
    where m.conversation_id = c.id`);
  await copy('message_reads', ['user_id', 'trade_id', 'conversation_id', 'last_read_message_id'], readRows.length, readRows);
  readRows.length = 0;
  return { chatTradeId, chatMessages: perTrade[chatTradeId] ?? 0 };
}
