import sharp from 'sharp';
import { seededRandom } from './generated-photo';

/**
 * The disguises issue #41 found a copier uses on another member's photo, each as sharp would do
 * it to the original's bytes (tests and the bench's measures; nothing in the app calls these).
 */
export const HARD_DISGUISES = {
  turnedLeft15: (p: Buffer) => sharp(p).rotate(-15, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(),
  turnedRight15: (p: Buffer) => sharp(p).rotate(15, { background: '#202020' }).jpeg({ quality: 85 }).toBuffer(),
  offCentreCrop70: async (p: Buffer) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const w = Math.round(width * 0.7);
    const h = Math.round(height * 0.7);
    return sharp(p)
      .extract({ left: width - w, top: 0, width: w, height: h })
      .jpeg()
      .toBuffer();
  },
  framed: async (p: Buffer) => {
    const { width = 0 } = await sharp(p).metadata();
    const border = Math.round(width * 0.12);
    return sharp(p).extend({ top: border, bottom: border, left: border, right: border, background: '#c8a060' }).jpeg().toBuffer();
  },
  captioned: async (p: Buffer) => {
    const { width = 0, height = 0 } = await sharp(p).metadata();
    const caption = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0" y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="#000" opacity="0.55"/><text x="${width * 0.05}" y="${height * 0.93}" font-size="${height * 0.1}" font-family="sans-serif" fill="#fff">100% LEGIT DS - DM ME</text></svg>`,
    );
    return sharp(p)
      .composite([{ input: caption }])
      .jpeg()
      .toBuffer();
  },
  hueShifted: (p: Buffer) => sharp(p).modulate({ hue: 150, saturation: 0.6, brightness: 0.9 }).jpeg().toBuffer(),
  collageOf4: async (p: Buffer, others: Buffer[]) => {
    const tile = async (b: Buffer) => sharp(b).resize(600, 450, { fit: 'fill' }).png().toBuffer();
    const tiles = await Promise.all([others[0]!, p, others[1]!, others[2]!].map(tile));
    return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
      .composite(tiles.map((input, i) => ({ input, left: (i % 2) * 600, top: Math.floor(i / 2) * 450 })))
      .jpeg()
      .toBuffer();
  },
  screenshot: async (p: Buffer) => {
    // A phone screenshot: the photo scaled to the screen's width, status bar above, app bar and buttons below.
    const photo = await sharp(p).resize(720).png().toBuffer();
    const { height = 0 } = await sharp(photo).metadata();
    const bars = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1480"><rect width="720" height="1480" fill="#fafafa"/><rect width="720" height="64" fill="#111"/><text x="24" y="44" font-size="28" fill="#fff" font-family="sans-serif">9:41</text><rect y="1300" width="720" height="180" fill="#eee"/><text x="40" y="1380" font-size="34" fill="#333" font-family="sans-serif">♡ 1,204   💬 87</text></svg>`,
    );
    return sharp(bars)
      .composite([{ input: photo, left: 0, top: 200 + Math.max(0, 500 - height / 2) }])
      .jpeg({ quality: 80 })
      .toBuffer();
  },
} satisfies Record<string, (photo: Buffer, others: Buffer[]) => Promise<Buffer>>;

/**
 * A studio shot of a sneaker on a plain white background, drawn from `seed`: the silhouette's
 * curves, panels, stitching, laces, logo and perforations all differ by seed, so two seeds are
 * two different pairs photographed the same way (the photos whole-image hashes confused, #41).
 */
export async function whiteBackgroundShoe(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const random = seededRandom(seed * 104_729 + 7);
  const colour = () => `hsl(${Math.floor(random() * 360)},${Math.floor(20 + random() * 60)}%,${Math.floor(25 + random() * 50)}%)`;
  const x0 = width * (0.12 + random() * 0.08);
  const x1 = width * (0.82 + random() * 0.08);
  const sole = height * (0.62 + random() * 0.1);
  const top = height * (0.22 + random() * 0.15);
  const toe = sole - height * (0.1 + random() * 0.08);
  const upper = `M ${x0} ${sole} C ${x0 - 20} ${toe}, ${x0 + width * 0.15} ${toe - 20}, ${x0 + width * 0.3} ${top + height * 0.12} L ${x0 + width * (0.42 + random() * 0.1)} ${top} Q ${x1 - width * 0.1} ${top + height * (0.05 + random() * 0.08)} ${x1} ${top + 10} L ${x1 + 10} ${sole} Z`;
  const panels = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
    const px = x0 + random() * (x1 - x0) * 0.8;
    const py = top + random() * (sole - top) * 0.7;
    return `<path d="M ${px} ${py} q ${40 + random() * 120} ${-30 + random() * 60} ${80 + random() * 160} ${random() * 40} l ${-20 + random() * 40} ${30 + random() * 60} z" fill="${colour()}" stroke="#222" stroke-width="2" stroke-dasharray="${3 + Math.floor(random() * 5)} 4"/>`;
  });
  // The upper's perforations and scuffs: small dots wherever this seed puts them.
  const perforations = Array.from(
    { length: 30 + Math.floor(random() * 60) },
    () =>
      `<circle cx="${x0 + random() * (x1 - x0)}" cy="${top + random() * (sole - top)}" r="${1.5 + random() * 4}" fill="#${Math.floor(
        random() * 0xffffff,
      )
        .toString(16)
        .padStart(6, '0')}" opacity="0.6"/>`,
  );
  const laceStep = width * (0.025 + random() * 0.03);
  const laces = Array.from({ length: 4 + Math.floor(random() * 4) }, (_, i) => {
    const lx = x0 + width * (0.25 + random() * 0.1) + i * laceStep;
    const ly = top + height * (0.08 + random() * 0.08) - i * height * random() * 0.03;
    return `<line x1="${lx}" y1="${ly}" x2="${lx + 10 + random() * 40}" y2="${ly + 10 + random() * 40}" stroke="${colour()}" stroke-width="${3 + random() * 8}" stroke-linecap="round"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <ellipse cx="${(x0 + x1) / 2}" cy="${sole + height * 0.07}" rx="${(x1 - x0) / 2}" ry="${height * 0.025}" fill="#000" opacity="0.12"/>
  <path d="${upper}" fill="${colour()}" stroke="#222" stroke-width="3"/>
  ${perforations.join('')}
  ${panels.join('\n  ')}
  ${laces.join('\n  ')}
  <rect x="${x0 - 15}" y="${sole}" width="${x1 - x0 + 40}" height="${height * (0.05 + random() * 0.04)}" rx="14" fill="${colour()}" stroke="#222" stroke-width="2"/>
  <path d="M ${x0 + width * 0.35} ${sole - height * 0.12} q ${width * 0.1} ${-height * (0.02 + random() * 0.08)} ${width * 0.22} ${-height * 0.1}" stroke="${colour()}" stroke-width="${10 + random() * 14}" fill="none"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
