import { describe, expect, it } from 'vitest';
import { EarlySignupSchema } from './early-signups';
import { SignUpSchema } from './identity';
import { hasNoDirectionControls, hasVisibleText } from './names';
import { CreateSneakerSchema, latestPurchaseDate, UpdateSneakerSchema } from './sneakers';

const sneaker = { name: 'Air Jordan 4 Bred', brand: 'Jordan', model: 'Air Jordan 4', size: '10', condition: '9.5', estimatedValue: '250' };
const signUp = { email: 'ann@example.com', password: 'a-long-password', username: 'ann' };

/** Text that draws nothing: zero-width space, joiner and non-joiner, word joiner, BOM, Hangul filler. */
const INVISIBLE_NAMES = ['\u200b', '\u200b\u200c\u200d', '\u2060\u2060', '\ufeff\u200b', '\u3164', ' \u200b \u00ad '];
/** Names that start with, or hold, a direction override, embedding or isolate (or start with a direction mark). */
const DIRECTION_NAMES = ['\u202egpj.exe', '\u202dDunk', '\u2067Dunk\u2069', 'Dunk \u202eLow', '\u200fDunk', '\u202aDunk'];

function fields(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('names other members see', () => {
  it('tells visible text from text that draws nothing', () => {
    for (const name of INVISIBLE_NAMES) expect(hasVisibleText(name), JSON.stringify(name)).toBe(false);
    for (const name of ['Dunk', 'שלום', 'ナイキ', 'a\u200bb']) expect(hasVisibleText(name), name).toBe(true);
    for (const name of DIRECTION_NAMES) expect(hasNoDirectionControls(name), JSON.stringify(name)).toBe(false);
    // Right-to-left scripts need no control characters.
    expect(hasNoDirectionControls('نايكي')).toBe(true);
  });

  it('refuses sneaker names, models and colorways that are invisible or carry direction overrides', () => {
    for (const bad of [...INVISIBLE_NAMES, ...DIRECTION_NAMES]) {
      const errors = fields(CreateSneakerSchema, { ...sneaker, name: bad, model: bad, colorway: bad });
      expect(Object.keys(errors).sort(), JSON.stringify(bad)).toEqual(expect.arrayContaining(['model', 'name']));
      expect(fields(UpdateSneakerSchema, { name: bad }), JSON.stringify(bad)).toHaveProperty('name');
    }
    expect(fields(CreateSneakerSchema, { ...sneaker, colorway: '\u202eBred' })).toEqual({
      colorway: 'Colorway cannot contain characters that change the direction of text',
    });
    expect(fields(CreateSneakerSchema, { ...sneaker, name: '\u200b\u200b' })).toEqual({
      name: 'Sneaker name must contain letters or digits you can see',
    });
    expect(CreateSneakerSchema.safeParse({ ...sneaker, name: 'نايكي دانك', colorway: '' }).success).toBe(true);
  });

  it('refuses such names on the sign-up and early-access forms', () => {
    for (const bad of [...INVISIBLE_NAMES, ...DIRECTION_NAMES]) {
      expect(fields(EarlySignupSchema, { name: bad, email: 'ann@example.com' }), JSON.stringify(bad)).toHaveProperty('name');
      expect(fields(SignUpSchema, { ...signUp, firstName: bad, lastName: bad }), JSON.stringify(bad)).toMatchObject({
        firstName: expect.any(String),
        lastName: expect.any(String),
      });
    }
    expect(SignUpSchema.safeParse({ ...signUp, firstName: 'Ann', lastName: '' }).success).toBe(true);
  });
});

describe('purchase dates', () => {
  it('accepts dates from 1970 to tomorrow and refuses year 1, 1969 and 2999', () => {
    const tomorrow = latestPurchaseDate();
    for (const ok of ['1970-01-01', '2024-05-31', new Date().toISOString().slice(0, 10), tomorrow]) {
      expect(CreateSneakerSchema.safeParse({ ...sneaker, purchaseDate: ok }).success, ok).toBe(true);
    }
    const dayAfter = latestPurchaseDate(new Date(Date.parse(`${tomorrow}T00:00:00Z`)));
    for (const bad of ['0001-01-01', '1969-12-31', '2999-01-01', dayAfter]) {
      expect(fields(CreateSneakerSchema, { ...sneaker, purchaseDate: bad }), bad).toEqual({
        purchaseDate: 'Purchase date must be between 1970 and today',
      });
      expect(fields(UpdateSneakerSchema, { purchaseDate: bad }), bad).toHaveProperty('purchaseDate');
    }
  });

  it('makes tomorrow (UTC) the latest date', () => {
    expect(latestPurchaseDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
