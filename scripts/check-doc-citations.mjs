#!/usr/bin/env node
// Code comments point at the docs/ folder of this repository, never at documents that live
// elsewhere: the original product spec and its list of decisions are not in the repository, so a
// reader could not follow a numbered reference to them. Run by `npm run lint`; exits 1 on a hit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'data', '.data-test', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
// Written with classes so this file does not match itself.
const CITATION = /decisions[.]md|[Ss]pec [0-9]+|spec[§]/;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

const hits = [];
for (const file of sourceFiles(root)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (CITATION.test(line)) hits.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
    });
}

if (hits.length > 0) {
  console.error('Comments cite a document outside the repository; point at docs/ or say the reason instead:');
  for (const hit of hits) console.error(`  ${hit}`);
  process.exit(1);
}
