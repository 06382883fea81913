import sharp from 'sharp';

/**
 * A synthetic "photo": a soft background gradient with a few coloured blocks placed from
 * `seed`, so two seeds give two different pictures and one seed always the same one.
 */
export async function syntheticPhoto(seed: number, width = 1200, height = 900): Promise<Buffer> {
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const blocks = Array.from({ length: 5 }, () => ({
    x: random() * 0.8,
    y: random() * 0.8,
    w: 0.1 + random() * 0.3,
    h: 0.1 + random() * 0.3,
    colour: [Math.floor(random() * 255), Math.floor(random() * 255), Math.floor(random() * 255)] as const,
  }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = x / width;
      const fy = y / height;
      const block = blocks.find((b) => fx >= b.x && fx < b.x + b.w && fy >= b.y && fy < b.y + b.h);
      const base = Math.round(120 + 100 * Math.sin((fx + seed) * 3) * Math.cos(fy * 2));
      const [r, g, b] = block ? block.colour : [base, base, base];
      pixels[(y * width + x) * 3] = r;
      pixels[(y * width + x) * 3 + 1] = g;
      pixels[(y * width + x) * 3 + 2] = b;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same photo as someone re-posting it would: smaller, another format, heavier compression. */
export async function reposted(photo: Buffer, width = 640): Promise<Buffer> {
  return sharp(photo).resize(width).webp({ quality: 55 }).toBuffer();
}
