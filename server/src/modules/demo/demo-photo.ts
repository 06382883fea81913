import { loadSharp } from '../uploads/load-sharp';

const WIDTH = 800;
const HEIGHT = 600;

/** A small deterministic random source (mulberry32), so a demo pair's photo is the same on every seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shade = (random: () => number, base: number, spread: number) => {
  const v = () => Math.max(0, Math.min(255, Math.round(base + (random() - 0.5) * spread)));
  return `rgb(${v()},${v()},${v()})`;
};

/**
 * A demo pair's own photo: the release's artwork standing on a floor in a room of its own (wall,
 * floor, shadow and a few props placed from `seed`), rendered as an 800 × 600 JPEG. Each demo pair
 * gets a different scene, so two demo members' pairs of one silhouette are two different photos to
 * the duplicate-photo check, as two real photos would be.
 */
export async function renderDemoPhoto(artworkSvg: string, seed: number): Promise<Buffer> {
  const random = seededRandom(seed * 2654435761);
  const horizon = Math.round(HEIGHT * (0.45 + random() * 0.2));
  // Bold props all over the frame (a shelf, a box, a ball, a plant pot...), so the scene, not the
  // shoe, decides the photo's layout.
  const props = Array.from({ length: 6 + Math.floor(random() * 5) }, () => {
    const x = Math.round(random() * WIDTH);
    const y = Math.round(random() * HEIGHT);
    const w = Math.round(80 + random() * 320);
    const h = Math.round(60 + random() * 260);
    return random() < 0.5
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(random() * 20)}" fill="${shade(random, 128, 255)}"/>`
      : `<circle cx="${x}" cy="${y}" r="${Math.round(w / 3)}" fill="${shade(random, 128, 255)}"/>`;
  });
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(random, 170, 120)}"/><stop offset="1" stop-color="${shade(random, 90, 120)}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${horizon}" fill="${shade(random, 200, 100)}"/>
  <rect y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="url(#floor)"/>
  ${props.join('\n  ')}
</svg>`;
  const sharp = await loadSharp();
  const shoeWidth = Math.round(WIDTH * (0.4 + random() * 0.15));
  // Seen from its own angle and a little out of focus, as a phone photo of a pair would be: the
  // artwork is shared by every release of a silhouette, so pasted as drawn it would be the same
  // picture in every demo photo, and the photo-copy check would rightly call them copies.
  const angle = Math.round((random() - 0.5) * 50);
  const shoe = await sharp(Buffer.from(artworkSvg))
    .resize({ width: shoeWidth })
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(5 + random() * 2)
    .png()
    .toBuffer();
  const { height: shoeHeight = 0 } = await sharp(shoe).metadata();
  return sharp(Buffer.from(scene))
    .composite([
      {
        input: shoe,
        left: Math.round(random() * (WIDTH - shoeWidth)),
        top: Math.round(random() * Math.max(0, HEIGHT - shoeHeight)),
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}
