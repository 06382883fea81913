/**
 * items[index] where the index is in range by construction (loop bounds, member and loop ids built
 * from the same arrays): these throw instead of letting an undefined slip into the arithmetic when
 * that invariant is broken. One function per array kind keeps each element read monomorphic for
 * V8: a single generic helper fed arrays and three typed-array kinds runs the clearing 1.5 times slower.
 */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw outOfRange(index, items.length);
  return item;
}

export function u32At(items: Uint32Array, index: number): number {
  const item = items[index];
  if (item === undefined) throw outOfRange(index, items.length);
  return item;
}

export function i32At(items: Int32Array, index: number): number {
  const item = items[index];
  if (item === undefined) throw outOfRange(index, items.length);
  return item;
}

export function f64At(items: Float64Array, index: number): number {
  const item = items[index];
  if (item === undefined) throw outOfRange(index, items.length);
  return item;
}

const outOfRange = (index: number, length: number) => new Error(`invariant: index ${index} is outside 0..${length - 1}`);
