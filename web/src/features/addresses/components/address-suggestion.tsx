import { addressLines } from '@soleswap/contracts/address-lines';
import type { AddressSuggestionDetails, PostalAddress } from '@soleswap/contracts/addresses';
import { COUNTRY_RULES } from '@soleswap/contracts/addresses-values';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

const isPostalAddress = (value: unknown): value is PostalAddress =>
  typeof value === 'object' &&
  value !== null &&
  ['name', 'line1', 'city', 'postalCode'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string') &&
  (value as { country: string }).country in COUNTRY_RULES;

/** The carrier's suggestion an ADDRESS_SUGGESTION refusal carries, or null for any other error. */
export function suggestionOf(error: unknown): AddressSuggestionDetails | null {
  if (!(error instanceof ApiError) || error.code !== 'ADDRESS_SUGGESTION' || !error.details) return null;
  const { suggestion, typed, messages } = error.details;
  if (!isPostalAddress(suggestion) || !isPostalAddress(typed)) return null;
  return { suggestion, typed, messages: Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [] };
}

function AddressColumn({ title, address }: { title: string; address: PostalAddress }) {
  return (
    <div className="rounded-md border p-3">
      <h3 className="text-sm font-medium">{title}</h3>
      <address className="mt-1 text-sm not-italic">
        {addressLines(address).map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/**
 * The carrier's corrected form of an address shown beside what the member typed
 * (docs/rules/addresses.md#verified-at-entry); the member chooses which one is saved.
 */
export function AddressSuggestion({
  details,
  isSaving,
  onUseSuggested,
  onKeepAsTyped,
}: {
  details: AddressSuggestionDetails;
  isSaving: boolean;
  onUseSuggested: () => void;
  onKeepAsTyped: () => void;
}) {
  return (
    <section aria-label="Suggested address" className="grid gap-3 rounded-md border p-3 sm:col-span-2">
      <p className="text-sm">The carrier knows this address in a corrected form. Which one should we save?</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <AddressColumn title="You typed" address={details.typed} />
        <AddressColumn title="Suggested by the carrier" address={details.suggestion} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onUseSuggested} disabled={isSaving}>
          Use suggested
        </Button>
        <Button type="button" variant="outline" onClick={onKeepAsTyped} disabled={isSaving}>
          Keep as typed
        </Button>
      </div>
    </section>
  );
}
