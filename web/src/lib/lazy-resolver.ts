import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code arrives on first use: the schema and the schema library it is
 * written in are fetched when the form is first validated (or `preload` is called, e.g. on
 * focus), so a page whose first screen is a form does not carry them (docs/benchmarks.md).
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> & { preload: () => void } {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () => (loading ??= load());
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
