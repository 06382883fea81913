import { AddressInputSchema, AddressSaveChoiceSchema, type AddressInput, type AddressSaveChoice } from '@soleswap/contracts/addresses';
import { AppError } from '../../errors';
import { parse } from '../../http/validate';

/**
 * A save's body: the address (AddressInputSchema, strict) and beside it the member's answer to a
 * suggestion (`keepAsTyped`, `acceptSuggestion`). Every bad field of both is named at once.
 */
export function parseAddressSave(body: unknown): { input: AddressInput; choice: AddressSaveChoice } {
  const { keepAsTyped, acceptSuggestion, ...address } =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  let choice: AddressSaveChoice = {};
  let fields: Record<string, string> = {};
  try {
    choice = parse(AddressSaveChoiceSchema, { keepAsTyped, acceptSuggestion });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    fields = error.fields ?? {};
  }
  try {
    const input = parse(AddressInputSchema, address);
    if (Object.keys(fields).length === 0) return { input, choice };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    fields = { ...error.fields, ...fields };
  }
  const [path, message] = Object.entries(fields)[0]!;
  throw new AppError('VALIDATION_FAILED', `${path}: ${message}`, { fields });
}
