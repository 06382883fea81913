import type { CatalogBrand, CatalogReleaseSeed, ReleasePalette } from './catalog-release-seed';

/**
 * Generated artwork for catalogue releases: photos cannot be shipped, so each release is
 * drawn as a side-view sneaker in its own colours. Pure and deterministic, so the same
 * release always renders the same bytes (cacheable, diffable in tests).
 */

type ArtworkInput = Pick<CatalogReleaseSeed, 'name' | 'brand' | 'palette'>;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FALLBACK: ReleasePalette = { upper: '#d4d4d8', overlay: '#a1a1aa', sole: '#f4f4f5', accent: '#3f3f46', laces: '#f4f4f5' };
const OUTLINE = '#27272a';

// Side view, toe on the left. Coordinates are in the 400x300 viewBox.
const UPPER =
  'M46 204 C36 188 42 170 68 163 C104 155 134 143 160 124 L200 96 Q212 86 226 92 L240 104 ' +
  'Q264 117 292 104 L318 93 Q338 90 344 112 C353 142 357 172 356 204 Z';
const TOE_CAP = 'M46 204 C36 188 42 170 68 163 C84 160 98 157 110 154 C102 172 100 190 104 204 Z';
const HEEL_COUNTER = 'M356 204 C357 172 353 142 344 112 Q334 118 320 121 C302 150 294 178 298 204 Z';
const EYESTAY = 'M116 156 L206 98 L222 110 L134 168 Z';
const TONGUE = 'M204 98 L212 70 Q220 62 230 70 L240 104 Z';
const COLLAR = 'M240 104 Q264 117 292 104 L318 93 Q300 112 272 120 Q252 121 240 104 Z';
const MIDSOLE = 'M40 200 C30 212 36 226 56 228 L344 228 C360 226 364 212 360 198 Z';
const OUTSOLE = 'M44 226 C40 236 48 242 62 242 L338 242 C354 242 360 236 356 226 Z';

/**
 * Renders a self-contained SVG (viewBox 0 0 400 300, no scripts, no external references)
 * of a sneaker in the release's palette, with a brand-specific accent and the brand name.
 */
export function renderReleaseArtwork(release: ArtworkInput): string {
  const palette = safePalette(release.palette);
  const id = `sw${hashString(`${release.brand}|${release.name}`)}`;
  const outsole = mixHex(palette.sole, '#000000', 0.28);
  const shade = mixHex(palette.upper, '#000000', 0.18);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-labelledby="${id}-title">`,
    `<title id="${id}-title">${escapeXml(release.name)}</title>`,
    '<defs>',
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fafafa"/><stop offset="1" stop-color="#e4e4e7"/></linearGradient>`,
    `<linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="${shade}" stop-opacity="0"/><stop offset="1" stop-color="${shade}" stop-opacity="0.55"/></linearGradient>`,
    '</defs>',
    `<rect width="400" height="300" rx="16" fill="url(#${id}-bg)"/>`,
    '<ellipse cx="200" cy="250" rx="168" ry="10" fill="#000000" fill-opacity="0.12"/>',
    `<g stroke="${OUTLINE}" stroke-opacity="0.45" stroke-width="1.5" stroke-linejoin="round">`,
    `<path d="${OUTSOLE}" fill="${outsole}"/>`,
    `<path d="${MIDSOLE}" fill="${palette.sole}"/>`,
    `<path d="${TONGUE}" fill="${palette.overlay}"/>`,
    `<path d="${UPPER}" fill="${palette.upper}"/>`,
    `<path d="${UPPER}" fill="url(#${id}-shade)" stroke="none"/>`,
    `<path d="${COLLAR}" fill="${mixHex(palette.overlay, '#000000', 0.2)}"/>`,
    `<path d="${TOE_CAP}" fill="${palette.overlay}"/>`,
    `<path d="${HEEL_COUNTER}" fill="${palette.overlay}"/>`,
    `<path d="${EYESTAY}" fill="${palette.overlay}"/>`,
    brandAccent(release.brand, palette.accent),
    '</g>',
    laces(palette.laces),
    // Midsole stitch line: a light dashed rule reads as construction detail at any colour.
    `<path d="M58 210 L342 208" stroke="${OUTLINE}" stroke-opacity="0.25" stroke-width="1" stroke-dasharray="4 4" fill="none"/>`,
    `<text x="380" y="284" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="12" font-weight="700" letter-spacing="2" fill="#71717a">${escapeXml(release.brand.toUpperCase())}</text>`,
    '</svg>',
  ].join('');
}

/** The brand's signature detail, drawn on the quarter panel in the accent colour. */
function brandAccent(brand: CatalogBrand, colour: string): string {
  switch (brand) {
    case 'Nike':
    case 'Jordan':
      // A swoosh-like sweep from the midfoot to the heel.
      return `<path d="M118 196 C104 206 118 214 142 210 C198 202 268 170 334 126 C276 160 208 186 160 192 C140 194 126 194 118 196 Z" fill="${colour}"/>`;
    case 'Adidas':
    case 'Yeezy':
      return [150, 176, 202].map((x) => `<path d="M${x} 202 L${x + 14} 202 L${x + 50} 140 L${x + 36} 140 Z" fill="${colour}"/>`).join('');
    case 'New Balance':
      return `<path d="M176 196 L190 138 L204 138 L214 176 L224 138 L238 138 L224 196 L210 196 L200 158 L190 196 Z" fill="${colour}"/>`;
    case 'ASICS':
      return (
        `<path d="M126 198 C170 186 220 156 266 124" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="9" stroke-linecap="round"/>` +
        `<path d="M168 198 C210 182 256 150 292 118" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="9" stroke-linecap="round"/>` +
        `<path d="M214 200 C236 170 260 146 292 130" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="7" stroke-linecap="round"/>`
      );
    case 'Puma':
      return `<path d="M112 198 C170 200 232 178 268 148 C284 134 306 126 330 128" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="12" stroke-linecap="round"/>`;
    case 'Converse':
      return (
        `<path d="M44 212 L356 210" stroke="${colour}" stroke-opacity="1" stroke-width="4" fill="none"/>` +
        `<circle cx="318" cy="160" r="14" fill="${colour}"/>` +
        `<path d="M318 150 L321 157 L328 157 L322 162 L324 169 L318 165 L312 169 L314 162 L308 157 L315 157 Z" fill="#ffffff" stroke="none"/>`
      );
    case 'Vans':
      return `<path d="M112 200 C160 200 200 168 242 150 C276 136 304 146 300 170 C298 182 286 186 278 180" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="10" stroke-linecap="round"/>`;
    case 'Reebok':
      return (
        `<path d="M268 196 L300 132 L312 132 L280 196 Z" fill="${colour}"/>` +
        `<path d="M288 196 L320 132 L332 132 L300 196 Z" fill="${colour}"/>` +
        `<rect x="150" y="168" width="34" height="16" rx="3" fill="${colour}"/>`
      );
    case 'Other':
      return `<path d="M120 190 C190 184 260 160 330 140" fill="none" stroke="${colour}" stroke-opacity="1" stroke-width="8" stroke-linecap="round"/>`;
  }
}

/**
 * Laces along the eyestay, over a contrasting underlay so black laces on a black upper
 * (or white on white) still read as laces.
 */
function laces(colour: string): string {
  let rows = '';
  for (let i = 0; i < 5; i++) {
    const x = 128 + i * 17;
    const y = 157 - i * 11;
    rows += `<path d="M${x} ${y} L${x + 12} ${y + 6}"/>`;
  }
  const underlay = isDark(colour) ? '#ffffff' : '#000000';
  return (
    `<g stroke="${underlay}" stroke-opacity="0.35" stroke-width="8" stroke-linecap="round" fill="none">${rows}</g>` +
    `<g stroke="${colour}" stroke-width="5" stroke-linecap="round" fill="none">${rows}</g>`
  );
}

/** Perceived brightness below the midpoint (ITU-R BT.601 weights). */
function isDark(hex: string): boolean {
  const [r, g, b] = parseHex(hex);
  return r * 0.299 + g * 0.587 + b * 0.114 < 128;
}

/** Only plain hex colours reach the markup, so a palette value can never break out of an attribute. */
function safePalette(palette: ReleasePalette): ReleasePalette {
  const pick = (key: keyof ReleasePalette) => {
    const value = palette?.[key];
    return typeof value === 'string' && HEX_COLOUR.test(value) ? value : FALLBACK[key];
  };
  return { upper: pick('upper'), overlay: pick('overlay'), sole: pick('sole'), accent: pick('accent'), laces: pick('laces') };
}

/** Escapes text for use in SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Mixes two hex colours; weight 0 keeps `from`, 1 gives `to`. */
function mixHex(from: string, to: string, weight: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  const channel = (i: 0 | 1 | 2) =>
    Math.round(a[i] + (b[i] - a[i]) * weight)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

function parseHex(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Small stable hash (FNV-1a) so gradient ids differ between artworks inlined on one page. */
function hashString(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
