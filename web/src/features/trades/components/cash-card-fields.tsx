import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { CardErrors, CardInput } from '../trade-cash-form';

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
  const set = (field: keyof CardInput) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-xs text-muted">
        Test mode: no real card is charged. Use a test card such as <span className="font-mono">4242 4242 4242 4242</span>, any future expiry and any
        CVC.
      </p>
      <Field label="Card number" error={errors.cardNumber}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={value.cardNumber} onChange={set('cardNumber')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry (MM/YY)" error={errors.expiry}>
          <Input inputMode="numeric" autoComplete="cc-exp" placeholder="12/34" value={value.expiry} onChange={set('expiry')} />
        </Field>
        <Field label="CVC" error={errors.cvc}>
          <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={value.cvc} onChange={set('cvc')} />
        </Field>
      </div>
    </fieldset>
  );
}
