/**
 * Numbers values 0, 1, 2, ... in the order they are first seen (members of a market, releases,
 * sizes): `of` gives a value's number, adding it when new; `find` only looks it up.
 */
export function numbering<T>() {
  const values: T[] = [];
  const index = new Map<T, number>();
  return {
    values,
    find: (value: T) => index.get(value),
    of(value: T): number {
      let i = index.get(value);
      if (i === undefined) {
        i = values.length;
        index.set(value, i);
        values.push(value);
      }
      return i;
    },
  };
}
