#!/usr/bin/env node
// File-level import cycles in the TypeScript source, type-only imports included. ESLint's
// import-x/no-cycle skips `import type` (it has no runtime effect), but a type import still ties two
// files together: neither can be read, tested or moved without the other. This check sees every
// static `import`/`export … from` and every `import('…')` type, resolves relative paths and the
// `@soleswap/contracts/*` workspace, and fails with each cycle it finds. It also fails on a cycle
// between the server's modules (server/src/modules/<name>/, product code only: tests may reach
// across): a module that imports one that imports it back is one module in two folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['contracts/src', 'server/src', 'server/test', 'server/bench', 'web/src'];
const EXTENSIONS = ['.ts', '.tsx', '.mts'];
const SPECIFIER =
  /(?:\bimport\s+(?:type\s+)?[^'";]*?\bfrom\s*|\bexport\s+(?:type\s+)?[^'";]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Every source file under the roots (declaration files excluded). */
export function sourceFiles(repo, roots = ROOTS) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const root of roots) if (existsSync(path.join(repo, root))) walk(path.join(repo, root));
  return files;
}

/** The specifiers a file imports, comments stripped. */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((match) => match[1]);
}

function resolveFile(base) {
  const stripped = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => stripped + ext), ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The file a specifier names, or null for packages outside the repository. */
export function resolveImport(repo, from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  if (specifier.startsWith('@soleswap/contracts/'))
    return resolveFile(path.join(repo, 'contracts/src', specifier.slice('@soleswap/contracts/'.length)));
  return null;
}

/** Each strongly connected group of two or more files (or a file importing itself), as a cycle path. */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lows = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indices.set(node, index);
    lows.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lows.set(node, Math.min(lows.get(node), lows.get(next)));
      } else if (onStack.has(next)) lows.set(node, Math.min(lows.get(node), indices.get(next)));
    }
    if (lows.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? new Set()).has(node)) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return groups.map((group) => cyclePath(graph, new Set(group)));
}

/** One concrete loop through a group: from its first file, following imports inside the group back to it. */
function cyclePath(graph, group) {
  const start = [...group].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [node];
        for (let at = previous.get(node); at !== null; at = previous.get(at)) loop.unshift(at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export function importGraph(repo, files = sourceFiles(repo)) {
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(repo, file, specifier);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

const TEST_CODE = /\.(int-)?test\.tsx?$|\.int-helpers\.ts$|\/test-support\//;

/**
 * The file graph folded into the server's modules: an arrow from module A to module B for every
 * product file of A that imports a file of B (the arrow names that file, for the message).
 */
export function moduleGraph(repo, graph) {
  const modulesDir = path.join(repo, 'server/src/modules') + path.sep;
  const moduleOf = (file) => (file.startsWith(modulesDir) ? file.slice(modulesDir.length).split(path.sep)[0] : null);
  const modules = new Map();
  const via = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from || !file.slice(modulesDir.length).includes(path.sep) || TEST_CODE.test(file)) continue;
    if (!modules.has(from)) modules.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (!to || to === from || !target.slice(modulesDir.length).includes(path.sep)) continue;
      modules.get(from).add(to);
      if (!via.has(`${from}>${to}`)) via.set(`${from}>${to}`, `${path.relative(repo, file)} → ${path.relative(repo, target)}`);
    }
  }
  return { graph: modules, via: (from, to) => via.get(`${from}>${to}`) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = importGraph(repo);
  const cycles = findCycles(files);
  const modules = moduleGraph(repo, files);
  const moduleCycles = findCycles(modules.graph);
  if (cycles.length === 0 && moduleCycles.length === 0) process.exit(0);
  if (cycles.length > 0) {
    console.error(`Import cycles between files (type-only imports count; move the shared piece to its owner or invert the dependency):`);
    for (const cycle of cycles) console.error('  ' + cycle.map((file) => path.relative(repo, file)).join('\n    → '));
  }
  if (moduleCycles.length > 0) {
    console.error(`Import cycles between server modules (hand the piece in at start-up, announce an event, or move it to a module both use):`);
    for (const cycle of moduleCycles) {
      console.error('  ' + cycle.join(' → '));
      for (let i = 0; i + 1 < cycle.length; i += 1) console.error(`    ${cycle[i]} → ${cycle[i + 1]}: ${modules.via(cycle[i], cycle[i + 1])}`);
    }
  }
  process.exit(1);
}
