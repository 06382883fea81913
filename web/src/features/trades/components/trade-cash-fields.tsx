import { TRADE_CASH_MAX_CENTS } from '@soleswap/contracts/wallet';
import { useId } from 'react';
import { Field } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import type { CashDirection, CashErrors, CashFormValues } from '../trade-cash-form';
import { CashCardFields } from './cash-card-fields';

interface TradeCashFieldsProps {
  values: CashFormValues;
  onChange: (values: CashFormValues) => void;
  errors: CashErrors;
  partnerName: string;
  /** The protection hold I would owe on this offer (docs/rules/money.md#protection-holds): my card is asked for it. */
  ownHoldCents?: number;
}

const MAX_DOLLARS = TRADE_CASH_MAX_CENTS / 100;

/**
 * Cash to balance the swap (docs/rules/money.md#cash-in-a-trade): none, added from my side (with my
 * card), or asked from the other side. One choice, so cash is never on both sides. My card is also
 * asked when I owe a protection hold, whatever the cash.
 */
export function TradeCashFields({ values, onChange, errors, partnerName, ownHoldCents = 0 }: TradeCashFieldsProps) {
  const name = useId();
  const choices: Array<{ value: CashDirection; label: string }> = [
    { value: 'none', label: 'No cash' },
    { value: 'give', label: 'I add cash' },
    { value: 'ask', label: `I ask ${partnerName} to add cash` },
  ];
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-border p-4">
      <legend className="px-1 font-display font-bold">Cash (optional)</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={values.direction === choice.value}
              onChange={() => onChange({ ...values, direction: choice.value })}
              className="size-4 accent-accent"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {values.direction !== 'none' ? (
        <div className="sm:max-w-xs">
          <Field
            label="Amount in whole dollars"
            error={errors.dollars}
            hint={
              values.direction === 'give'
                ? `Up to $${MAX_DOLLARS}. Your card is held when ${partnerName} accepts and charged only when the trade completes.`
                : `Up to $${MAX_DOLLARS}. ${partnerName} pays it with their card when accepting; it is charged only when the trade completes.`
            }
          >
            <MoneyInput wholeDollars value={values.dollars} onChange={(event) => onChange({ ...values, dollars: event.target.value })} />
          </Field>
        </div>
      ) : null}
      {values.direction === 'give' || ownHoldCents > 0 ? (
        <CashCardFields
          legend={values.direction === 'give' ? 'Your card' : 'Your card, for the protection hold'}
          value={values.card}
          onChange={(card) => onChange({ ...values, card })}
          errors={errors}
        />
      ) : null}
    </fieldset>
  );
}
