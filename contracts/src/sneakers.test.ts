import { describe, expect, it } from 'vitest';
import { CONDITIONS, CreateSneakerSchema, SIZES, SneakerListQuerySchema, UpdateSneakerSchema } from './sneakers';

const valid = {
  name: 'Air Jordan 4 Bred',
  brand: 'Jordan',
  model: 'Air Jordan 4',
  size: '10',
  condition: '9.5',
  estimatedValue: '250',
};

function fieldErrors(input: unknown) {
  const result = CreateSneakerSchema.safeParse(input);
  if (result.success) return {};
  // The first issue of each field, as the server's `fields` keeps it.
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('CreateSneakerSchema', () => {
  it('names every missing required field with the spec message', () => {
    expect(fieldErrors({})).toEqual({
      name: 'Sneaker name is required',
      brand: 'Brand is required',
      model: 'Model is required',
      size: 'Size is required',
      condition: 'Condition is required',
      estimatedValue: 'Estimated value is required',
    });
  });

  it('treats blank text as missing', () => {
    const errors = fieldErrors({ ...valid, name: '   ', model: '', estimatedValue: '' });
    expect(errors).toEqual({
      name: 'Sneaker name is required',
      model: 'Model is required',
      estimatedValue: 'Estimated value is required',
    });
  });

  it('normalises choices and money and defaults availability to true', () => {
    const parsed = CreateSneakerSchema.parse({ ...valid, brand: 'new balance', size: 9.5, condition: 10, estimatedValue: 249.9 });
    expect(parsed).toMatchObject({ brand: 'New Balance', size: '9.5', condition: '10', estimatedValue: '249.90', isAvailableForTrade: true });
  });

  it('ignores isVerified from the client', () => {
    const parsed = CreateSneakerSchema.parse({ ...valid, isVerified: true });
    expect(parsed).not.toHaveProperty('isVerified');
  });

  it('refuses choices outside the lists', () => {
    expect(fieldErrors({ ...valid, brand: 'Gucci' })).toEqual({ brand: 'Choose a brand from the list' });
    expect(fieldErrors({ ...valid, size: '3.5' })).toEqual({ size: 'Choose a US size from 4 to 18' });
    expect(fieldErrors({ ...valid, size: '15.5' })).toEqual({ size: 'Choose a US size from 4 to 18' });
    expect(fieldErrors({ ...valid, condition: '4' })).toEqual({ condition: 'Choose a condition from 5 to 10' });
    expect(fieldErrors({ ...valid, condition: '9.25' })).toEqual({ condition: 'Choose a condition from 5 to 10' });
  });

  it('refuses a zero, negative, over-precise or absurd value', () => {
    expect(fieldErrors({ ...valid, estimatedValue: 0 }).estimatedValue).toMatch(/more than \$0/);
    expect(fieldErrors({ ...valid, estimatedValue: '-5' }).estimatedValue).toMatch(/amount in dollars/);
    expect(fieldErrors({ ...valid, estimatedValue: '12.345' }).estimatedValue).toMatch(/amount in dollars/);
    expect(fieldErrors({ ...valid, estimatedValue: '1000000.01' }).estimatedValue).toMatch(/at most/);
    expect(fieldErrors({ ...valid, estimatedValue: '1000000' })).toEqual({});
  });

  it('accepts only our upload URLs, catalogue artwork and image data URLs', () => {
    expect(fieldErrors({ ...valid, imageUrl: 'https://evil.example/x.png' })).toEqual({
      imageUrl: 'Upload a JPEG, PNG, WebP, GIF or AVIF image',
    });
    expect(fieldErrors({ ...valid, imageUrl: 'data:text/html;base64,PGgxPg==' }).imageUrl).toBeDefined();
    expect(fieldErrors({ ...valid, imageUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({});
    expect(fieldErrors({ ...valid, imageUrl: '/uploads/ab/abcdef0123456789abcdef0123456789.webp' })).toEqual({});
    expect(fieldErrors({ ...valid, imageUrl: '/uploads/../../etc/passwd' }).imageUrl).toBeDefined();
    expect(fieldErrors({ ...valid, imageUrl: '/api/catalog/12/artwork.svg?v=abc123' })).toEqual({});
  });
});

describe('choice lists', () => {
  it('has the spec sizes and conditions', () => {
    expect(SIZES[0]).toBe('4');
    expect(SIZES).toContain('14.5');
    expect(SIZES.slice(-4)).toEqual(['15', '16', '17', '18']);
    expect(SIZES).toHaveLength(26);
    expect(CONDITIONS.map((c) => c.value)).toEqual(['10', '9.5', '9', '8.5', '8', '7.5', '7', '6.5', '6', '5']);
  });
});

describe('UpdateSneakerSchema', () => {
  it('takes the spec hide toggle alone', () => {
    expect(UpdateSneakerSchema.parse({ isAvailableForTrade: false })).toEqual({ isAvailableForTrade: false });
  });

  it('refuses an empty update and a cleared required field', () => {
    expect(UpdateSneakerSchema.safeParse({}).success).toBe(false);
    expect(UpdateSneakerSchema.safeParse({ isVerified: true }).success).toBe(false);
    const blank = UpdateSneakerSchema.safeParse({ name: ' ' });
    expect(blank.error?.issues[0]?.message).toBe('Sneaker name is required');
  });
});

describe('SneakerListQuerySchema', () => {
  it('reads "all" as no brand filter and applies the default page size', () => {
    expect(SneakerListQuerySchema.parse({ q: ' panda ', brand: 'all' })).toMatchObject({ q: 'panda', brand: undefined, limit: 24 });
  });

  it('parses ids and refuses junk', () => {
    expect(SneakerListQuerySchema.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
    expect(SneakerListQuerySchema.safeParse({ ids: '1,x' }).success).toBe(false);
    expect(SneakerListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(SneakerListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(SneakerListQuerySchema.safeParse({ brand: 'Gucci' }).success).toBe(false);
    expect(SneakerListQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });
});
