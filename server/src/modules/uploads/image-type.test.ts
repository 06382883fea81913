import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const pixel = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c8102e' } });

describe('detectImageType', () => {
  it('reads the real type of every accepted format from the bytes', async () => {
    expect(detectImageType(await pixel().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await pixel().png().toBuffer())).toBe('png');
    expect(detectImageType(await pixel().webp().toBuffer())).toBe('webp');
    expect(detectImageType(await pixel().gif().toBuffer())).toBe('gif');
    expect(detectImageType(await pixel().avif().toBuffer())).toBe('avif');
  });

  it('refuses text, SVG and HEIC whatever they are called', async () => {
    expect(detectImageType(Buffer.from('just some text pretending to be a .png'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic')]);
    expect(detectImageType(heicHeader)).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
