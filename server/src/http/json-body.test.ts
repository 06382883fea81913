import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { MAX_JSON_DEPTH, assertBoundedJson, stableJson } from './json-body';

const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) });

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('JSON body limits', () => {
  it('allows nesting up to the limit and refuses one level more, naming the field', () => {
    expect(() => assertBoundedJson(nest(MAX_JSON_DEPTH))).not.toThrow();
    const error = refusal(() => assertBoundedJson(nest(MAX_JSON_DEPTH + 1)));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual([Array(MAX_JSON_DEPTH).fill('a').join('.')]);
  });

  it('refuses non-finite numbers anywhere, with their path', () => {
    expect(refusal(() => assertBoundedJson(Infinity)).fields).toEqual({ _: expect.any(String) });
    expect(refusal(() => assertBoundedJson({ list: [1, { x: -Infinity }] })).fields).toHaveProperty(['list.1.x']);
    expect(refusal(() => assertBoundedJson({ n: NaN })).fields).toHaveProperty('n');
  });

  it('refuses a body nested 100,000 levels deep without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(refusal(() => assertBoundedJson(deep)).code).toBe('VALIDATION_FAILED');
    expect(refusal(() => stableJson(deep)).code).toBe('VALIDATION_FAILED');
  });
});

describe('stableJson (the Idempotency-Key hash input)', () => {
  it('is the same text whatever the key order, and drops undefined fields', () => {
    const a = stableJson({ b: 1, a: [true, null, 'x', { d: 2, c: 1 }], skip: undefined });
    expect(a).toBe('{"a":[true,null,"x",{"c":1,"d":2}],"b":1}');
    expect(stableJson({ a: [true, null, 'x', { c: 1, d: 2 }], b: 1 })).toBe(a);
  });

  it('refuses what cannot be hashed with a 400 error instead of throwing a TypeError', () => {
    expect(refusal(() => stableJson(JSON.parse('{"n":1e999}'))).code).toBe('VALIDATION_FAILED');
  });
});
