#!/usr/bin/env node
// Module borders: every import in server/src and web/src is mapped to the module (or shared
// folder) it belongs to, and a cycle between two or more of them fails. A cycle means neither
// side can be understood, tested or moved without the other; the fix is to move the shared piece
// to the module that owns it, or to invert the dependency. Run by `npm run lint`; exits 1 on a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
// Tests and their helpers sit above every module (they wire whole apps together), so they are
// not part of the graph; nor are type declarations of outside packages.
const TEST_FILE = /\.test\.tsx?$|\.int-helpers\.ts$|\.d\.ts$/;
const TEST_DIRS = new Set(['test']);
const IMPORT = /(?:^|[^\w.])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Cycles that existed when this check was introduced, each broken here at one import. The list only
 * shrank, and is now empty: every such cycle has been untangled. An edge listed here that no longer
 * exists fails the check too. Never add to it; break a new cycle instead.
 */
export const KNOWN_BACK_EDGES = new Map();

/**
 * The unit a file belongs to. Server: one unit per folder under modules/ and per top-level folder
 * or file (http, db, jobs, context, ...). Web: one per feature and per top-level folder (app, lib,
 * components, ...).
 */
export function unitOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  let m = rel.match(/^server\/src\/modules\/([^/]+)\//);
  if (m) return `server:${m[1]}`;
  m = rel.match(/^server\/src\/([^/]+?)(?:\/|\.\w+$)/);
  if (m) return `server:${m[1]}`;
  m = rel.match(/^web\/src\/features\/([^/]+)\//);
  if (m) return `web:features/${m[1]}`;
  m = rel.match(/^web\/src\/([^/]+?)(?:\/|\.\w+$)/);
  if (m) return `web:${m[1]}`;
  return null;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || (entry.isDirectory() && TEST_DIRS.has(entry.name))) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !TEST_FILE.test(entry.name)) yield full;
  }
}

function resolve(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base, ...['.ts', '.tsx', '.js', '.mjs'].map((ext) => base + ext), ...['index.ts', 'index.tsx'].map((i) => path.join(base, i))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** unit -> Map(other unit -> one example import "file -> target") */
export function buildGraph(dirs) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const from = unitOf(file);
      if (!from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const target = resolve(file, match[1] ?? match[2]);
        const to = target && unitOf(target);
        if (!to || to === from || graph.get(from).has(to)) continue;
        graph.get(from).set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
      }
    }
  }
  return graph;
}

/** Strongly connected components with more than one unit (Tarjan), each as a list of units. */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const cycles = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) {
        info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
      }
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!info.has(v)) visit(v);
  return cycles;
}

/** One concrete loop through the component, starting at its first unit, with an example import per step. */
function describeCycle(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        for (let p = seen.get(v); p !== null; p = seen.get(p)) pathBack.unshift(p);
        return [...pathBack, start]
          .map((u, i, all) => (i + 1 < all.length ? `  ${u} -> ${all[i + 1]}   (${graph.get(u).get(all[i + 1])})` : null))
          .filter(Boolean);
      }
      if (!seen.has(w)) {
        seen.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = buildGraph(['server/src', 'web/src']);
  const stale = [];
  for (const edge of KNOWN_BACK_EDGES.keys()) {
    const [from, to] = edge.split(' -> ');
    if (graph.get(from)?.has(to)) graph.get(from).delete(to);
    else stale.push(edge);
  }
  if (stale.length > 0) {
    console.error('These known module cycles are gone: remove them from KNOWN_BACK_EDGES in scripts/check-module-cycles.mjs:');
    for (const edge of stale) console.error(`  ${edge}`);
    process.exit(1);
  }
  const cycles = findCycles(graph);
  if (cycles.length > 0) {
    console.error('Import cycles between modules (move the shared piece to its owner, or invert the dependency):');
    for (const component of cycles) {
      console.error(`\n${component.join(' <-> ')}`);
      for (const line of describeCycle(graph, component)) console.error(line);
    }
    process.exit(1);
  }
}
