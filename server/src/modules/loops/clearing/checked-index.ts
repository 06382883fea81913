/**
 * items[index] for arrays and typed arrays whose elements are never undefined, where the index is
 * in range by construction (loop bounds, member and loop ids built from the same arrays). Throws
 * instead of letting an undefined slip into the arithmetic when that invariant is broken.
 */
export function at<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`invariant: index ${index} is outside 0..${items.length - 1}`);
  return item;
}
