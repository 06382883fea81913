import { CardFields } from '../../../components/payment-card/card-fields';
import type { CardErrors, CardInput } from '../../../components/payment-card/card-input';

interface CashCardFieldsProps {
  value: CardInput;
  onChange: (card: CardInput) => void;
  errors: CardErrors;
  legend: string;
}

/**
 * The payer's card for a trade's cash. Only the built-in sandbox takes cash today
 * (docs/rules/money.md#cash-in-a-trade), so only test cards work and no real card is charged.
 */
export function CashCardFields({ value, onChange, errors, legend }: CashCardFieldsProps) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-xs text-muted">
        Test mode: no real card is charged. Use a test card such as <span className="font-mono">4242 4242 4242 4242</span>, any future expiry and any
        CVC.
      </p>
      <CardFields value={value} onChange={onChange} errors={errors} />
    </fieldset>
  );
}
