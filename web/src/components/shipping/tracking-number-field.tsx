import { TRACKING_NUMBER_MAX } from '@soleswap/contracts/trades';
import { CircleCheck } from 'lucide-react';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { useDetectedTracking } from './use-detected-tracking';

interface TrackingNumberFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's answer about the number, if it refused it. */
  error?: string;
}

/** What the hint under the field says about the number typed so far. */
function Hint({ value }: { value: string }) {
  const { tracking, isReady } = useDetectedTracking(value);
  if (!value.trim() || !isReady) return <>UPS, USPS or FedEx: the carrier is recognised as you type.</>;
  if (!tracking) return <>Not a valid UPS, USPS or FedEx tracking number yet: check the digits.</>;
  return (
    <span className="inline-flex items-center gap-1 text-success">
      <CircleCheck className="size-3.5" aria-hidden="true" />
      {tracking.carrierName} tracking number
    </span>
  );
}

/**
 * The tracking number a member ships with (trades and loops), naming the carrier it detects as
 * they type. The server checks the number again and has the last word.
 */
export function TrackingNumberField({ value, onChange, error }: TrackingNumberFieldProps) {
  return (
    <Field
      label="Tracking number"
      error={error}
      hint={
        <span aria-live="polite" data-testid="tracking-carrier">
          <Hint value={value} />
        </span>
      }
    >
      <Input
        value={value}
        required
        maxLength={TRACKING_NUMBER_MAX}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
