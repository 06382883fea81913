import v8 from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what survived the last full collection before it
 * collects again, with the database embedded: 50 means the next full collection starts at 1.5 times
 * the live size. V8 chooses that factor itself, up to 4 when the program allocates fast; under
 * `bench:api` the old space then grew from about 50 MB of live objects to 150 MB before a
 * collection brought it back, and those pages were resident at the peak (388 MB). At 1.5 it stays
 * near 50–80 MB; the extra full collections are of a small heap and mostly concurrent, and the
 * routes' req/s did not move.
 *
 * Only with PGlite: its WebAssembly memory, the compiled code and the compiler threads' memory take
 * about 110 MB of the 300 MB target that a PostgreSQL deployment has for its heap (238 MB peak
 * there with V8's own factor). Figures: docs/performance/embedded-memory.md.
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/**
 * Sets the growing factor above. A V8 flag set at run time: V8 reads it each time it sets the next
 * collection's limit, so it applies from the next collection on, to the compiled server, `npm start`
 * and the benchmarks alike, without a command-line flag.
 */
export function limitHeapGrowthForEmbeddedDatabase(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
