import { MESSAGE_MAX_LENGTH } from '@soleswap/contracts/chat-values';
import { Send } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The text box: Enter sends, Shift+Enter starts a new line, and Send stays disabled while the
 * message is empty or only whitespace (the server trims and refuses the same).
 */
export function MessageComposer({ onSend, label }: { onSend: (content: string) => void; label: string }) {
  const [text, setText] = useState('');
  const content = text.trim();
  const isBlank = content.length === 0;

  function submit() {
    if (isBlank) return;
    onSend(content);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing (Japanese, Chinese, ...) confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  const remaining = MESSAGE_MAX_LENGTH - content.length;
  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-border p-3">
      <div className="flex flex-1 flex-col gap-1">
        <textarea
          aria-label={label}
          placeholder="Type a message..."
          value={text}
          maxLength={MESSAGE_MAX_LENGTH + 200}
          rows={2}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-10 w-full resize-none rounded-xl border border-border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
        {remaining < 200 ? (
          <span className={remaining < 0 ? 'text-xs text-destructive' : 'text-xs text-muted'} aria-live="polite">
            {remaining < 0 ? `${-remaining} characters too many` : `${remaining} characters left`}
          </span>
        ) : null}
      </div>
      <Button type="submit" size="icon" aria-label="Send message" disabled={isBlank || remaining < 0}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
