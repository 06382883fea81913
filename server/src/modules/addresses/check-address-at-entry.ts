import type { AddressInput, AddressSaveChoice, AddressSuggestionDetails, PostalAddress } from '@soleswap/contracts/addresses';
import type { AddressVerification } from '@soleswap/contracts/shipping';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

/**
 * Asks the shipping provider whether an address can be delivered to (handed in by
 * register-modules.ts: shipping sits above addresses). Called with no transaction open; a provider
 * that cannot be reached throws 502 SHIPPING_PROVIDER_UNAVAILABLE.
 */
export type AddressVerifier = (ctx: AppContext, address: PostalAddress) => Promise<AddressVerification>;

/**
 * The address a save keeps, after the provider's answer (docs/rules/addresses.md#verified-at-entry):
 * an undeliverable address is refused with the provider's words (422 ADDRESS_UNDELIVERABLE); a
 * corrected form the provider suggests refuses the save with the suggestion beside what was typed
 * (422 ADDRESS_SUGGESTION), until the member answers: `acceptSuggestion` saves the provider's form,
 * `keepAsTyped` what was typed. Runs before the save's transaction, never inside it.
 */
export async function checkAddressAtEntry(
  ctx: AppContext,
  verify: AddressVerifier,
  { input, choice }: { input: AddressInput; choice: AddressSaveChoice },
): Promise<AddressInput> {
  const answer = await verify(ctx, input);
  if (answer.status === 'undeliverable') {
    // The provider's words, each a sentence (EasyPost's come without a full stop).
    const words = answer.messages.map((m) => m.trim().replace(/([^.!?])$/, '$1.')).join(' ') || 'The carrier cannot deliver to this address.';
    throw new AppError('ADDRESS_UNDELIVERABLE', words);
  }
  if (answer.status === 'verified' || !answer.suggestion || choice.keepAsTyped) return input;
  // The provider's form keeps the country and the name as typed: it corrects where, not to whom.
  const suggestion: AddressInput = { ...answer.suggestion, name: input.name, country: input.country };
  if (choice.acceptSuggestion) return suggestion;
  const details: AddressSuggestionDetails = { suggestion, typed: input, messages: answer.messages };
  throw new AppError('ADDRESS_SUGGESTION', 'The carrier knows this address in a corrected form: use the suggested address, or keep it as typed.', {
    details: { ...details },
  });
}
