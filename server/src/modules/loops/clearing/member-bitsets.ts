import { u32At } from './checked-index';

/**
 * Square bit matrices over member indices: row u holds one bit per member. Used for the member
 * graph, where a row AND another row answers "who closes this loop" in a few hundred word
 * operations instead of walking adjacency lists.
 */
export interface BitMatrix {
  size: number;
  /** Uint32 words per row. */
  words: number;
  bits: Uint32Array;
}

export function createBitMatrix(size: number): BitMatrix {
  const words = Math.ceil(size / 32);
  return { size, words, bits: new Uint32Array(size * words) };
}

/** Sets bit (row, col); returns true when it was not set before. */
export function setBit(m: BitMatrix, row: number, col: number): boolean {
  const index = row * m.words + (col >>> 5);
  const mask = 1 << (col & 31);
  const word = u32At(m.bits, index);
  if (word & mask) return false;
  m.bits[index] = word | mask;
  return true;
}

/**
 * Up to `limit` columns set in both row a of `x` and row b of `y`, skipping `exclude`, scanning
 * from word `startWord` round the row so different callers spread over different columns.
 */
export function commonMembers(
  x: BitMatrix,
  a: number,
  y: BitMatrix,
  b: number,
  limit: number,
  startWord: number,
  exclude: (col: number) => boolean,
): number[] {
  const found: number[] = [];
  const words = x.words;
  const baseA = a * words;
  const baseB = b * words;
  for (let i = 0; i < words && found.length < limit; i++) {
    const w = (startWord + i) % words;
    let word = u32At(x.bits, baseA + w) & u32At(y.bits, baseB + w);
    while (word !== 0 && found.length < limit) {
      const low = word & -word;
      const col = w * 32 + (31 - Math.clz32(low));
      if (!exclude(col)) found.push(col);
      word ^= low;
    }
  }
  return found;
}

export function clearBit(m: BitMatrix, row: number, col: number): void {
  const index = row * m.words + (col >>> 5);
  m.bits[index] = u32At(m.bits, index) & ~(1 << (col & 31));
}

/** ORs `source` (one row's worth of words, at `offset`) into `row`. */
export function orIntoRow(m: BitMatrix, row: number, source: Uint32Array, offset: number): void {
  const base = row * m.words;
  for (let w = 0; w < m.words; w++) m.bits[base + w] = u32At(m.bits, base + w) | u32At(source, offset + w);
}

export function transpose(m: BitMatrix): BitMatrix {
  const t = createBitMatrix(m.size);
  for (let row = 0; row < m.size; row++) {
    const base = row * m.words;
    for (let w = 0; w < m.words; w++) {
      let word = u32At(m.bits, base + w);
      while (word !== 0) {
        const low = word & -word;
        const col = w * 32 + (31 - Math.clz32(low));
        const index = col * t.words + (row >>> 5);
        t.bits[index] = u32At(t.bits, index) | (1 << (row & 31));
        word ^= low;
      }
    }
  }
  return t;
}

export function popCount(m: BitMatrix): number {
  let count = 0;
  for (let i = 0; i < m.bits.length; i++) {
    let v = u32At(m.bits, i);
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}
