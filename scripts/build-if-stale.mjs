#!/usr/bin/env node
// Builds what `npm start` serves, but only what is missing or older than its sources:
//   - the web client (Vite) into web/dist, with .gz and .br copies of every compressible file,
//     which the server sends as they are instead of compressing per request;
//   - the server (esbuild) into one ESM file, server/dist/main.js, run with plain `node`, and the
//     loop clearing's worker thread beside it, server/dist/clearing-worker.js.
// `--force` rebuilds both (`npm run build`). Dependencies stay in node_modules (not bundled) except
// those in BUNDLED_PACKAGES; the workspace package @soleswap/contracts (TypeScript source) is bundled in.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');
const say = (message) => quiet || console.log(`[build] ${message}`);

/** Newest modification time (ms) of the files under `entries` (files or folders). */
function newestMtime(entries, skip = () => false) {
  let newest = 0;
  const visit = (file) => {
    if (!existsSync(file) || skip(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(file, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach(visit);
  return newest;
}

function isStale(output, inputs, skip) {
  if (force || !existsSync(output)) return true;
  return newestMtime(inputs, skip) > statSync(output).mtimeMs;
}

const shared = [
  at('contracts', 'src'),
  at('contracts', 'package.json'),
  at('package-lock.json'),
  at('package.json'),
  at('tsconfig.base.json'),
  import.meta.filename,
];
const isTest = (file) => /\.test\.tsx?$/.test(file);

/**
 * Packages bundled into server/dist/main.js although they are dependencies: drizzle-orm and zod are
 * ESM spread over hundreds of small files, and loading them one by one was about 0.1 s of CPU of
 * every start. Only packages that nothing left in node_modules imports too belong here (a second
 * copy of a class would fail `instanceof` checks), and none that find files next to their code.
 */
const BUNDLED_PACKAGES = ['drizzle-orm', 'zod'];

const isBundled = (specifier) =>
  specifier.startsWith('@soleswap/') || BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const targets = [
  {
    name: 'web client',
    output: at('web', 'dist', 'index.html'),
    inputs: [
      at('web', 'src'),
      at('web', 'public'),
      at('web', 'index.html'),
      at('web', 'vite.config.ts'),
      at('web', 'package.json'),
      at('web', 'tsconfig.json'),
      ...shared,
    ],
    build: buildWeb,
  },
  {
    name: 'server',
    output: at('server', 'dist', 'main.js'),
    inputs: [at('server', 'src'), at('server', 'package.json'), ...shared],
    build: buildServer,
  },
];

for (const target of targets) {
  if (!isStale(target.output, target.inputs, isTest)) continue;
  const started = performance.now();
  say(`building the ${target.name}...`);
  await target.build();
  say(`${target.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress(at('web', 'dist'));
}

/** Writes file.gz and file.br next to every compressible file worth compressing. */
function precompress(folder) {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|ico)$/;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
  }
}

async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    // The loop clearing's worker thread is a second entry, loaded from next to main.js (clear-in-worker.ts).
    entryPoints: [
      { in: at('server', 'src', 'main.ts'), out: 'main' },
      { in: at('server', 'src', 'modules', 'loops', 'clearing', 'clearing.worker.ts'), out: 'clearing-worker' },
    ],
    outdir: at('server', 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: quiet ? 'error' : 'warning',
    plugins: [
      {
        // Packages load from node_modules at run time, except our own TypeScript workspaces and the
        // pure-JavaScript ESM packages in BUNDLED_PACKAGES (see there).
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (isBundled(args.path) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}
