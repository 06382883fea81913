import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/** Fastify's own require, so its compilers resolve exactly as Fastify would resolve them. */
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/**
 * Fastify's default schema compilers (Ajv for validation, fast-json-stringify for responses),
 * loaded the first time a route asks for one instead of when Fastify is created. Our routes
 * validate with zod, so a normal start never loads them; loading Ajv alone took about a tenth of
 * start-up time.
 */
export function lazySchemaCompilers(): CompilersFactory {
  return {
    buildValidator: loadOnFirstCall<ValidatorFactory>('@fastify/ajv-compiler'),
    buildSerializer: loadOnFirstCall<SerializerFactory>('@fastify/fast-json-stringify-compiler'),
  };
}

/** A factory that requires `compilerPackage` (which exports a factory maker) on its first call. */
function loadOnFirstCall<Factory>(compilerPackage: string): Factory {
  let factory: ((...args: unknown[]) => unknown) | undefined;
  const build = (...args: unknown[]) => {
    factory ??= (requireFromFastify(compilerPackage) as () => (...args: unknown[]) => unknown)();
    return factory(...args);
  };
  return build as Factory;
}
