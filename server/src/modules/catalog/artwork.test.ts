import { describe, expect, it } from 'vitest';
import { renderReleaseArtwork } from './artwork';
import type { CatalogReleaseSeed } from './catalog-release-seed';

type ArtworkInput = Pick<CatalogReleaseSeed, 'name' | 'brand' | 'palette'>;

const bred: ArtworkInput = {
  name: "Air Jordan 4 Retro 'Bred Reimagined'",
  brand: 'Jordan',
  palette: { upper: '#1c1c1e', overlay: '#2b2b2e', sole: '#f1eee6', accent: '#c8102e', laces: '#0f0f10' },
};

/** Every opened tag is closed in order: a cheap well-formedness check without an XML parser. */
function tagsBalance(svg: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('renderReleaseArtwork', () => {
  it('returns one well-formed SVG document with a 400x300 viewBox', () => {
    const svg = renderReleaseArtwork(bred);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(tagsBalance(svg)).toBe(true);
  });

  it('paints the sneaker in every colour of the palette', () => {
    const svg = renderReleaseArtwork(bred);
    for (const colour of Object.values(bred.palette)) expect(svg).toContain(`"${colour}"`);
  });

  it('names the release and its brand', () => {
    const svg = renderReleaseArtwork(bred);
    expect(svg).toContain('<title id=');
    expect(svg).toContain('Air Jordan 4 Retro &#39;Bred Reimagined&#39;</title>');
    expect(svg).toContain('>JORDAN</text>');
  });

  it('escapes markup in the name instead of injecting it', () => {
    const svg = renderReleaseArtwork({ ...bred, name: 'Evil <&"> <script>alert(1)</script>' });
    expect(svg).toContain('Evil &lt;&amp;&quot;&gt; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).not.toContain('<&">');
    expect(svg.toLowerCase()).not.toContain('<script');
    expect(tagsBalance(svg)).toBe(true);
  });

  it('ignores palette values that are not plain hex colours', () => {
    const svg = renderReleaseArtwork({ ...bred, palette: { ...bred.palette, upper: 'red" onload="alert(1)' } });
    expect(svg).not.toContain('onload');
    expect(tagsBalance(svg)).toBe(true);
  });

  it('is self-contained: no scripts, links or external resources', () => {
    const svg = renderReleaseArtwork(bred).toLowerCase();
    for (const banned of ['<script', 'href', '<image', '<foreignobject', 'http://www.w3.org/1999/xlink', 'url(http', '@import']) {
      expect(svg).not.toContain(banned);
    }
    // The only URL is the SVG namespace; fills only point at the document's own gradients.
    expect(svg.match(/https?:\/\//g)).toEqual(['http://']);
    for (const [, target] of svg.matchAll(/url\(([^)]*)\)/g)) expect(target?.startsWith('#')).toBe(true);
  });

  it('is deterministic and gives each release its own gradient ids', () => {
    expect(renderReleaseArtwork(bred)).toBe(renderReleaseArtwork({ ...bred, palette: { ...bred.palette } }));
    const idOf = (svg: string) => svg.match(/id="([^"]+)-bg"/)?.[1];
    expect(idOf(renderReleaseArtwork(bred))).not.toBe(idOf(renderReleaseArtwork({ ...bred, name: 'Another release' })));
  });

  it('draws a different brand detail for stripes brands than for swoosh brands', () => {
    const adidas = renderReleaseArtwork({ ...bred, brand: 'Adidas' });
    const jordan = renderReleaseArtwork(bred);
    expect(adidas).not.toBe(jordan.replace('JORDAN', 'ADIDAS'));
    expect(adidas).toContain('>ADIDAS</text>');
  });
});
