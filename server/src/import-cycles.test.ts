import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraph, importSpecifiers, moduleGraph } from '../../scripts/check-import-cycles.mjs';

/**
 * `npm run lint` fails on file import cycles, type-only imports included (scripts/check-import-cycles.mjs):
 * ESLint's import-x/no-cycle skips `import type`, which still ties two files together.
 */
describe('the import cycle check', () => {
  let repo: string | undefined;
  afterEach(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  /** A throwaway repository whose server/src holds these files. */
  function repoWith(files: Record<string, string>): string {
    repo = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(repo, 'server/src', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    return repo;
  }

  const cyclesIn = (files: Record<string, string>) => {
    const root = repoWith(files);
    return findCycles(importGraph(root)).map((cycle) => cycle.map((file) => path.relative(path.join(root, 'server/src'), file)));
  };

  it('finds a cycle made only of type imports', () => {
    const cycles = cyclesIn({
      'mailer.ts': "import type { Box } from './mailbox';\nexport interface Message { to: string }\nexport type Kept = Box;\n",
      'mailbox.ts': "import type { Message } from './mailer';\nexport interface Box { messages: Message[] }\n",
    });
    expect(cycles).toEqual([['mailbox.ts', 'mailer.ts', 'mailbox.ts']]);
  });

  it('finds a longer cycle through re-exports, inline type imports and import() types', () => {
    const cycles = cyclesIn({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "export { c as b } from './c';\n",
      'c.ts': "export const c = 1;\nexport type A = import('./a').Shape;\n",
    });
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.sort()).toEqual(['a.ts', 'a.ts', 'b.ts', 'c.ts']);
  });

  it('passes files whose imports go one way, and ignores imports in comments and packages', () => {
    const cycles = cyclesIn({
      'top.ts': "import type { Leaf } from './leaf';\nimport { z } from 'zod';\nexport type Top = Leaf;\nexport const schema = z.string();\n",
      'leaf.ts': "// import type { Top } from './top';\n/* import './top'; */\nexport interface Leaf { id: number }\n",
    });
    expect(cycles).toEqual([]);
  });

  it('reads every import form', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, c } from './b';",
      "import './side-effect';",
      "export * from './all';",
      "export type { D } from './d';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a', './b', './side-effect', './all', './d', './lazy']);
  });
  it('finds modules that import each other though no file cycle joins them, and lets tests reach across', () => {
    const root = repoWith({
      'modules/payments/payments.routes.ts': "import { onboard } from '../wallet/onboarding';\nexport const routes = onboard;\n",
      'modules/payments/provider.ts': 'export const provider = 1;\n',
      'modules/wallet/onboarding.ts': 'export const onboard = 1;\n',
      'modules/wallet/hold.ts': "import { provider } from '../payments/provider';\nexport const hold = provider;\n",
      'modules/loops/loops.int.test.ts': "import { hold } from '../wallet/hold';\nexport const t = hold;\n",
      'modules/wallet/wallet.int-helpers.ts': "import { loops } from '../loops/loop';\nexport const h = loops;\n",
      'modules/loops/loop.ts': "import { hold } from '../wallet/hold';\nexport const loops = hold;\n",
    });
    const files = importGraph(root);
    expect(findCycles(files)).toEqual([]);
    const modules = moduleGraph(root, files);
    expect(findCycles(modules.graph)).toEqual([['payments', 'wallet', 'payments']]);
    expect(modules.via('payments', 'wallet')).toBe('server/src/modules/payments/payments.routes.ts → server/src/modules/wallet/onboarding.ts');
    expect(modules.graph.get('wallet')).toEqual(new Set(['payments']));
  });
});
