import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { differenceHash, hashDistance } from './image-hash';

/** A left-to-right gradient with a dark block: enough structure for a meaningful hash. */
async function picture(width: number, flip = false) {
  const height = Math.round(width * 0.75);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBlock = x > width * 0.6 && y < height * 0.5;
      const v = inBlock ? 20 : Math.round((255 * (flip ? width - x : x)) / width);
      pixels.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('differenceHash', () => {
  it('gives the same picture at another size and encoding (almost) the same hash', async () => {
    const big = await differenceHash(await picture(800));
    const small = await differenceHash(
      await sharp(await picture(800))
        .resize(200)
        .jpeg({ quality: 60 })
        .toBuffer(),
    );
    expect(big).toMatch(/^[0-9a-f]{16}$/);
    expect(hashDistance(big, small)).toBeLessThanOrEqual(4);
  });

  it('tells a different picture apart', async () => {
    const a = await differenceHash(await picture(400));
    const b = await differenceHash(await picture(400, true));
    expect(hashDistance(a, b)).toBeGreaterThan(20);
  });
});
