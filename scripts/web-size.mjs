// What the JavaScript of a first page is made of, and what grew (npm run bench:web, issue #44).
// Pure helpers: scripts/bench-web.mjs reads the chunks and their source maps; the tests
// (server/src/web-size.test.ts) feed them small chunks and baselines.
import path from 'node:path';

/** Modules that grew by less than this (gzip bytes) are noise from the apportioning. */
export const MIN_GROWTH_BYTES = 100;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's `mappings` as lines of segments [column, source, line, column(, name)], with
 * absolute values (the format is relative, base64 VLQ). Written here rather than imported, so the
 * bench needs no package of its own.
 */
export function decodeMappings(mappings) {
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const lineText of mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const segmentText of lineText.split(',')) {
      if (!segmentText) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segmentText) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      const segment = values.map((delta, i) => (state[i] += delta));
      segments.push(segment);
    }
    lines.push(segments);
  }
  return lines;
}

/**
 * The name a source is reported under: its package for anything in node_modules (`react-dom`,
 * `@tanstack/query-core`), else its path from the repository root (`web/src/app/routes.tsx`).
 */
export function moduleName(absoluteSource, root) {
  const normalized = absoluteSource.split(path.sep).join('/');
  const at = normalized.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const [first, second] = normalized.slice(at + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const relative = path.relative(root, absoluteSource).split(path.sep).join('/');
  return relative.startsWith('..') ? normalized : relative;
}

/**
 * Splits a chunk's gzip size among the modules its source map says its bytes came from, in
 * proportion to their minified bytes (gzip has no per-module size; this is a share, not a measure).
 * Bytes the map names no source for count as `(chunk glue)`.
 * @returns {Map<string, number>} module name → gzip bytes
 */
export function attributeChunk({ code, map, mapDir, root, gzipBytes }) {
  const raw = new Map();
  let total = 0;
  const add = (name, bytes) => {
    if (bytes <= 0) return;
    raw.set(name, (raw.get(name) ?? 0) + bytes);
    total += bytes;
  };
  const lines = code.split('\n');
  const decoded = map ? decodeMappings(map.mappings) : [];
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    if (segments.length === 0) return add('(chunk glue)', line.length);
    add('(chunk glue)', segments[0][0]);
    segments.forEach((segment, s) => {
      const end = s + 1 < segments.length ? segments[s + 1][0] : line.length;
      const name = segment.length > 1 ? moduleName(path.resolve(mapDir, map.sources[segment[1]]), root) : '(chunk glue)';
      add(name, end - segment[0]);
    });
  });
  const shares = new Map();
  for (const [name, bytes] of raw) shares.set(name, total ? (gzipBytes * bytes) / total : 0);
  return shares;
}

/** Adds `shares` into `into` (module → bytes). */
export function addShares(into, shares) {
  for (const [name, bytes] of shares) into.set(name, (into.get(name) ?? 0) + bytes);
  return into;
}

/**
 * The modules that grew since the baseline (new ones grew from 0), largest growth first.
 * @param {Record<string, number>} current module → gzip bytes now
 * @param {Record<string, number>} baseline module → gzip bytes when the baseline was recorded
 */
export function grownModules(current, baseline, minBytes = MIN_GROWTH_BYTES) {
  return Object.entries(current)
    .map(([name, after]) => ({ name, before: baseline[name] ?? 0, after, grewBy: after - (baseline[name] ?? 0) }))
    .filter((row) => row.grewBy >= minBytes)
    .sort((a, b) => b.grewBy - a.grewBy);
}

/**
 * A page's JavaScript against its budget: over or not, and what grew since the baseline.
 * @returns {{ over: boolean, totalBytes: number, budgetBytes: number, grew: ReturnType<typeof grownModules> }}
 */
export function checkBudget({ totalBytes, budgetKb, current, baseline }) {
  const budgetBytes = budgetKb * 1024;
  return { over: totalBytes > budgetBytes, totalBytes, budgetBytes, grew: grownModules(current, baseline ?? {}) };
}
