import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), imported on the first image rather than at start, where importing it costs
 * start-up time and resident memory. Every image call in the process gets it from here.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips worker thread per image: with at most IMAGE_DECODE_CONCURRENCY images at once,
    // image work stays within about two cores whatever the machine's size (sharp's default is one
    // thread per core, per image).
    sharp.concurrency(1);
    // No libvips operation cache (sharp's default keeps up to 50 MB and 100 operations): each
    // request decodes its own image, so cached operations are hardly ever asked for again, and what
    // the cache held stayed resident (three 6 MP uploads in one process: +78 MB with it, +55 MB
    // without; docs/benchmarks.md "Memory").
    sharp.cache(false);
    return sharp;
  }));
}
