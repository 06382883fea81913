import { Field } from '../ui/field';
import { Input } from '../ui/input';
import type { CardErrors, CardInput } from './card-input';

interface CardFieldsProps {
  value: CardInput;
  onChange: (card: CardInput) => void;
  errors: CardErrors;
}

/**
 * The card number, expiry and CVC boxes, written once: the membership checkout's sandbox form and
 * a trade's card (cash, protection hold) both draw them.
 */
export function CardFields({ value, onChange, errors }: CardFieldsProps) {
  const set = (field: keyof CardInput) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <>
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
    </>
  );
}
