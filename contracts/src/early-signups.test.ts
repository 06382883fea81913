import { describe, expect, it } from 'vitest';
import { EarlySignupSchema } from './early-signups';

function fieldErrors(input: unknown) {
  const result = EarlySignupSchema.safeParse(input);
  if (result.success) return {};
  // The first issue of each field, as the server's `fields` and the form both show it.
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('EarlySignupSchema', () => {
  it('says name and e-mail are required when they are missing', () => {
    expect(fieldErrors({})).toEqual({ name: 'Name is required', email: 'E-mail is required' });
  });

  it('says the e-mail is required when it is empty or blank, not that it is invalid', () => {
    expect(fieldErrors({ name: 'Ava', email: '' })).toEqual({ email: 'E-mail is required' });
    expect(fieldErrors({ name: 'Ava', email: '   ' })).toEqual({ email: 'E-mail is required' });
  });

  it('asks for a valid address when the e-mail does not look like one', () => {
    expect(fieldErrors({ name: 'Ava', email: 'not-an-email' })).toEqual({ email: 'Enter a valid e-mail address' });
  });

  it('accepts a real address, trimmed and lower-cased', () => {
    const result = EarlySignupSchema.parse({ name: ' Ava ', email: ' Ava@Example.com ' });
    expect(result).toMatchObject({ name: 'Ava', email: 'ava@example.com' });
  });
});
