import { useId } from 'react';
import { formatWholeUsd } from '../../../lib/format';
import { useInspectionConfig } from '../api/inspection-config';
import { authenticationChoice } from '../via-authentication';

/**
 * The "via authentication" choice of a proposal, counter-offer or acceptance
 * (docs/rules/inspection.md#which-trades): shown only when the server has a centre; checked and
 * locked, with the reason, when the operator requires it for a trade worth this much.
 */
export function ViaAuthenticationField({
  valueCents,
  isChecked,
  onCheckedChange,
}: {
  valueCents: number;
  isChecked: boolean;
  onCheckedChange: (isChecked: boolean) => void;
}) {
  const id = useId();
  const config = useInspectionConfig().data;
  const choice = authenticationChoice(config, valueCents);
  if (choice === 'hidden') return null;
  const isRequired = choice === 'required';
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border p-3">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4"
          checked={isRequired || isChecked}
          disabled={isRequired}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className="text-sm font-medium">
          Send both pairs through the SoleSwap authentication centre
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {isRequired && config?.requiredAboveCents !== null && config?.requiredAboveCents !== undefined
          ? `Required: trades worth more than ${formatWholeUsd(config.requiredAboveCents / 100)} always go through the centre.`
          : 'Each side ships to the centre; inspectors check both pairs and forward them only once both pass.'}
      </p>
    </div>
  );
}
