import { COUNTRY_RULES, SHIPPING_COUNTRIES } from '@soleswap/contracts/addresses-values';
import type { Address, AddressSaveChoice } from '@soleswap/contracts/addresses';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { useCreateAddress, type AddressDraft } from '../api/addresses';
import { AddressSuggestion, suggestionOf } from './address-suggestion';

const EMPTY: AddressDraft = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' };

/**
 * A new address for my book. The server checks it against the country's rules and answers every
 * problem at once; each shows under its field. Labels follow the country (ZIP code, postcode...).
 * The carrier's provider verifies it too: an undeliverable address is refused in its words, and a
 * corrected form is shown beside what was typed for the member to choose (AddressSuggestion).
 */
export function AddressForm({ onSaved }: { onSaved?: (address: Address) => void }) {
  const [draft, setDraft] = useState<AddressDraft>(EMPTY);
  const create = useCreateAddress();
  const suggestion = suggestionOf(create.error);
  const rules = COUNTRY_RULES[draft.country as keyof typeof COUNTRY_RULES] ?? COUNTRY_RULES.US;
  const fields = create.error instanceof ApiError ? (create.error.fields ?? {}) : {};
  const set = (key: keyof AddressDraft) => (event: { target: { value: string } }) => {
    // A suggestion is about what was sent: once the member edits, it no longer stands.
    if (suggestion) create.reset();
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  };

  function save(choice?: AddressSaveChoice) {
    create.mutate(
      { draft, choice },
      {
        onSuccess: (address) => {
          setDraft(EMPTY);
          onSaved?.(address);
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save();
  }

  return (
    <form onSubmit={onSubmit} aria-label="Add an address" className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Country" error={fields.country}>
          <NativeSelect value={draft.country} onChange={set('country')}>
            {SHIPPING_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_RULES[code].name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label="Recipient name" error={fields.name}>
          <Input autoComplete="name" value={draft.name} onChange={set('name')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label="Address line 1" error={fields.line1}>
          <Input autoComplete="address-line1" value={draft.line1} onChange={set('line1')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label="Address line 2 (optional)" error={fields.line2}>
          <Input autoComplete="address-line2" value={draft.line2 ?? ''} onChange={set('line2')} />
        </Field>
      </div>
      <Field label="City" error={fields.city}>
        <Input autoComplete="address-level2" value={draft.city} onChange={set('city')} />
      </Field>
      <Field label={rules.regions || rules.regionRequired ? rules.regionLabel : `${rules.regionLabel} (optional)`} error={fields.region}>
        {rules.regions ? (
          <NativeSelect value={draft.region ?? ''} onChange={set('region')}>
            <option value="">Choose…</option>
            {Object.entries(rules.regions).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input autoComplete="address-level1" value={draft.region ?? ''} onChange={set('region')} />
        )}
      </Field>
      <Field
        label={rules.postalLabel[0]!.toUpperCase() + rules.postalLabel.slice(1)}
        error={fields.postalCode}
        hint={`For example ${rules.postalExample}`}
      >
        <Input autoComplete="postal-code" value={draft.postalCode} onChange={set('postalCode')} />
      </Field>
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save address'}
        </Button>
      </div>
      {suggestion ? (
        <AddressSuggestion
          details={suggestion}
          isSaving={create.isPending}
          onUseSuggested={() => save({ acceptSuggestion: true })}
          onKeepAsTyped={() => save({ keepAsTyped: true })}
        />
      ) : null}
      {create.isError && !suggestion && Object.keys(fields).length === 0 ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {toUserMessage(create.error, 'The address could not be saved')}
        </p>
      ) : null}
    </form>
  );
}
