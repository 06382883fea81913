import sharp from 'sharp';

/** A small deterministic random source (mulberry32), so one seed always draws the same picture. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const colour = (random: () => number) => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;

/**
 * A generated "photo" for tests and the labelled corpus: an SVG of a gradient backdrop, a shoe-like
 * silhouette (sole and upper), a handful of ellipses, bars and polygons and a layer of fractal
 * noise, all placed from `seed`, rendered by sharp. Distinct seeds give genuinely different pictures
 * (not solid colours that any hash would confuse); the same seed always gives the same bytes.
 */
export async function generatedPhoto(seed: number, width = 1200, height = 900, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const random = seededRandom(seed * 7919 + 17);
  const angle = Math.floor(random() * 360);
  const shapes: string[] = [];
  const count = 5 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const y = random() * height;
    const fill = colour(random);
    const opacity = (0.5 + random() * 0.5).toFixed(2);
    const kind = Math.floor(random() * 3);
    if (kind === 0) {
      shapes.push(
        `<ellipse cx="${x}" cy="${y}" rx="${30 + random() * width * 0.25}" ry="${30 + random() * height * 0.25}" fill="${fill}" opacity="${opacity}"/>`,
      );
    } else if (kind === 1) {
      const rotate = Math.floor(random() * 180);
      shapes.push(
        `<rect x="${x}" y="${y}" width="${40 + random() * width * 0.4}" height="${20 + random() * height * 0.2}" fill="${fill}" opacity="${opacity}" transform="rotate(${rotate} ${x} ${y})"/>`,
      );
    } else {
      const points = Array.from(
        { length: 3 + Math.floor(random() * 4) },
        () => `${x + (random() - 0.5) * width * 0.6},${y + (random() - 0.5) * height * 0.6}`,
      );
      shapes.push(`<polygon points="${points.join(' ')}" fill="${fill}" opacity="${opacity}"/>`);
    }
  }
  // A shoe: a sole bar and an upper curve, somewhere in the lower middle.
  const sx = width * (0.1 + random() * 0.2);
  const sy = height * (0.55 + random() * 0.2);
  const sw = width * (0.5 + random() * 0.25);
  const upper = `M ${sx} ${sy} C ${sx + sw * 0.1} ${sy - height * 0.35}, ${sx + sw * 0.5} ${sy - height * 0.25}, ${sx + sw} ${sy - height * 0.05} L ${sx + sw} ${sy} Z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${colour(random)}"/><stop offset="1" stop-color="${colour(random)}"/>
    </linearGradient>
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="${(0.01 + random() * 0.03).toFixed(3)}" numOctaves="3" seed="${seed % 10_000}"/>
      <feColorMatrix type="saturate" values="0"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" filter="url(#grain)" opacity="0.35"/>
  ${shapes.join('\n  ')}
  <path d="${upper}" fill="${colour(random)}" stroke="${colour(random)}" stroke-width="${4 + random() * 10}"/>
  <rect x="${sx - 10}" y="${sy}" width="${sw + 20}" height="${height * 0.06}" rx="12" fill="${colour(random)}"/>
</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}

/** The ways a borrowed photo is disguised, each as sharp would do it to the original's bytes. */
export const PHOTO_DISGUISES = {
  mirrored: (p: Buffer) => sharp(p).flop().jpeg({ quality: 85 }).toBuffer(),
  centreCrop70: async (p: Buffer) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const w = Math.round(width * 0.7);
    const h = Math.round(height * 0.7);
    return sharp(p)
      .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h })
      .jpeg()
      .toBuffer();
  },
  rotated90: (p: Buffer) => sharp(p).rotate(90).jpeg().toBuffer(),
  rotated180: (p: Buffer) => sharp(p).rotate(180).webp().toBuffer(),
  rescaled: (p: Buffer) => sharp(p).resize(520).png().toBuffer(),
  recoloured: (p: Buffer) => sharp(p).modulate({ hue: 90, saturation: 1.4, brightness: 1.1 }).jpeg().toBuffer(),
  greyscale: (p: Buffer) => sharp(p).greyscale().jpeg().toBuffer(),
  reencoded: (p: Buffer) => sharp(p).webp({ quality: 40 }).toBuffer(),
  mirroredCropped: async (p: Buffer) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const w = Math.round(width * 0.8);
    const h = Math.round(height * 0.8);
    return sharp(p)
      .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h })
      .flop()
      .jpeg({ quality: 70 })
      .toBuffer();
  },
} satisfies Record<string, (photo: Buffer) => Promise<Buffer>>;
