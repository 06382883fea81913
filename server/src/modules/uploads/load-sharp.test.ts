import { describe, expect, it } from 'vitest';
import { loadSharp } from './load-sharp';

describe('loadSharp', () => {
  it("turns libvips' operation cache off, so processed images do not stay resident", async () => {
    const sharp = await loadSharp();
    // sharp.cache() without options reads the limits back; sharp's default is 50 MB, 20 files, 100 operations.
    const { memory, files, items } = sharp.cache();
    expect({ memory: memory.max, files: files.max, items: items.max }).toEqual({ memory: 0, files: 0, items: 0 });
  });

  it('still processes an image with the cache off', async () => {
    const sharp = await loadSharp();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const thumbnail = await sharp(png).resize(20).jpeg().toBuffer({ resolveWithObject: true });
    expect([thumbnail.info.width, thumbnail.info.height, thumbnail.info.format]).toEqual([20, 15, 'jpeg']);
    expect(sharp.cache().items.current).toBe(0);
  });
});
