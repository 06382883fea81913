import type { ComponentProps } from 'react';
import { Input } from './input';

type MoneyInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'inputMode'> & {
  /** Whole dollars only (trade cash): a numeric keypad without a decimal point. */
  wholeDollars?: boolean;
};

/**
 * The one field for an amount of dollars (trade cash, withdrawals): a text box with the right
 * keypad, read with parseDollarsToCents (lib/money-input.ts) into integer cents.
 */
export function MoneyInput({ wholeDollars = false, placeholder, ...props }: MoneyInputProps) {
  return (
    <Input
      inputMode={wholeDollars ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={placeholder ?? (wholeDollars ? '25' : '25.00')}
      {...props}
    />
  );
}
