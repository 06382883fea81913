import type { ChangeEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';

interface TradeMessageFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  placeholder?: string;
  rows?: number;
}

/** A labelled textarea with a character counter; the browser stops typing at `max`. */
export function TradeMessageField({ label, value, onChange, max, placeholder, rows = 3 }: TradeMessageFieldProps) {
  return (
    <Field label={label} hint={`${value.length}/${max} characters`}>
      <textarea
        value={value}
        maxLength={max}
        rows={rows}
        placeholder={placeholder}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        className={cn(
          'w-full resize-y rounded-lg border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted',
          'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40',
        )}
      />
    </Field>
  );
}
