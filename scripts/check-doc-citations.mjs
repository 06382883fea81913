#!/usr/bin/env node
// Code comments point at the docs/ folder of this repository, never at documents that live
// elsewhere: the original product spec and its list of decisions are not in the repository, so a
// reader could not follow a numbered reference to them. Run by `npm run lint`; exits 1 on a hit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'data', '.data-test', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
// Written with classes so this file does not match itself.
const CITATION = /decisions[.]md|[Ss]pec [0-9]+|spec[§]/;
/** A comment that leans on the product specification by name, which a reader cannot open either. */
const SPEC_IN_COMMENT = /\b[Tt]he [s]pec\b|\b[Tt]he [s]pec['’]s|^(?:\/\/|\/\*\*?|\*)\s*[S]pec\b/;
const COMMENT = /^\s*(?:\/\/|\/\*|\*)/;

/**
 * Whether a source line cites a document outside the repository: a numbered reference anywhere,
 * or the specification named in a comment line (test names and strings the API answers with are left alone).
 */
export function citesOutsideDocs(line) {
  if (CITATION.test(line)) return true;
  const comment = COMMENT.exec(line);
  if (!comment) return false;
  return SPEC_IN_COMMENT.test(line.trim());
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** Every line of the repository's source that cites a document outside it, as `file:line: text`. */
export function findOutsideCitations() {
  const hits = [];
  for (const file of sourceFiles(root)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (citesOutsideDocs(line)) hits.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const hits = findOutsideCitations();
  if (hits.length > 0) {
    console.error('Comments cite a document outside the repository; point at docs/ or say the reason instead:');
    for (const hit of hits) console.error(`  ${hit}`);
    process.exit(1);
  }
}
