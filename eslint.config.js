import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Modules only call each other's services: another module's repository is refused everywhere. */
const REPOSITORY_RULE = {
  group: ['../*/*.repository', '../../modules/*/*.repository'],
  message: "Call another module's service, never its repository.",
};

/** A module shared by the routes a pair travels on (trades, loops, the centre) imports none of them. */
function sharedByTheLegs(module, message, { ignores = [] } = {}) {
  const legs = ['trades', 'loops', 'inspection'];
  return {
    files: [`server/src/modules/${module}/**`],
    ...(ignores.length ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [REPOSITORY_RULE, { group: legs.flatMap((leg) => [`../${leg}/*`, `../../modules/${leg}/*`]), message }] },
      ],
    },
  };
}

/**
 * Things written once: a `no-restricted-syntax` entry per duplicate that must not come back. A file
 * block below that sets `no-restricted-syntax` again spreads these in (a later block replaces the rule).
 */
const writtenOnce = [
  {
    selector: 'VariableDeclarator[id.name=/^(SECOND|MINUTE|HOUR|DAY|WEEK)_MS$/]',
    message: 'Durations are declared once: import them from @soleswap/contracts/time.',
  },
  ...[
    // Object.keys(o)...sort() and Object.entries(o).sort(...): the start of another sorted-keys serialiser.
    "CallExpression[callee.property.name='sort'][arguments.length=0] CallExpression[callee.object.name='Object'][callee.property.name='keys']",
    "CallExpression[callee.property.name='sort'] > MemberExpression.callee > CallExpression[callee.object.name='Object'][callee.property.name='entries']",
  ].map((selector) => ({
    selector,
    message: 'JSON with sorted keys is written once: use canonicalJson from @soleswap/contracts/canonical-json.',
  })),
  {
    selector: 'TSAsExpression > TSTypeLiteral > TSPropertySignature[key.name=/^(rows|rowCount|affectedRows)$/]',
    message: "A raw result's rows are read once: use rowsOf (or changedRowsOf) from server/src/db/raw-rows.",
  },
];
/** Tests may sort an object's keys to compare them; the rest of writtenOnce holds for them too. */
const writtenOnceInTests = writtenOnce.filter((entry) => !entry.message.includes('canonicalJson'));

/**
 * A module's doorway for the others (`*-records.ts`, `escrow-locks.ts`, `membership-columns.ts`,
 * `block-guard.ts`) is a facade: it declares its functions, which call its repository. Re-exporting
 * a repository from it would hand other modules the repository's queries and SQL text past the
 * rule at the end of this file (docs/README.md, "Where the code is").
 */
const facadeMessage = 'A facade declares its functions; it never re-exports a repository.';
const facadesDeclare = ['ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
  selector: `${node}[source.value=/\\.repository(\\.[jt]s)?$/]`,
  message: facadeMessage,
}));

/**
 * The same re-export written in two steps, which no selector sees: a repository's binding imported,
 * then exported as it is (`export { x }`, `export const y = x`, `= repository.x`, `export default x`).
 * Types are not checked: a facade declares its types as aliases.
 */
const facadesPlugin = {
  rules: {
    'no-repository-pass-through': {
      meta: { type: 'problem', schema: [], messages: { passThrough: facadeMessage } },
      create(context) {
        const fromRepository = new Set();
        const passesOn = (node) =>
          (node?.type === 'Identifier' && fromRepository.has(node.name)) ||
          (node?.type === 'MemberExpression' && node.object.type === 'Identifier' && fromRepository.has(node.object.name));
        const check = (node, value) => {
          if (passesOn(value)) context.report({ node, messageId: 'passThrough' });
        };
        return {
          ImportDeclaration(node) {
            if (node.importKind === 'type' || !/\.repository(\.[jt]s)?$/.test(node.source.value)) return;
            for (const specifier of node.specifiers) if (specifier.importKind !== 'type') fromRepository.add(specifier.local.name);
          },
          'ExportNamedDeclaration[source=null][exportKind!="type"] > ExportSpecifier[exportKind!="type"]': (node) => check(node, node.local),
          'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator': (node) => check(node, node.init),
          ExportDefaultDeclaration: (node) => check(node, node.declaration),
        };
      },
    },
  },
};

/**
 * Import rules of STYLE.md: features never import each other (combine them in app/),
 * components/ui knows no feature, contracts import neither web nor server, and a server
 * module never reaches into another module's repository.
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data-test/**',
      'test-results/**',
      'playwright-report/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...writtenOnce, ...facadesDeclare],
    },
  },
  { files: ['contracts/src/time.ts', 'contracts/src/canonical-json.ts', 'server/src/db/raw-rows.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    // Type-aware rules over the event-driven money flow: a promise nobody awaits (its failure is
    // lost), a promise handed where a callback's result is ignored (an async handler on an element),
    // and a switch over a union that forgets a member without a default.
    files: ['contracts/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  { files: ['**/*.test.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...writtenOnceInTests, ...facadesDeclare] } },
  {
    // File-level import cycles between value imports, anywhere in the source: a cycle means neither
    // file can be read, tested or moved without the other (move the shared piece to its owner, or
    // invert the dependency). import-x/no-cycle skips `import type`; scripts/check-import-cycles.mjs
    // (also run by `npm run lint`) sees type-only imports too.
    files: ['contracts/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'server/test/**/*.ts', 'server/bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { facades: facadesPlugin },
    rules: { 'facades/no-repository-pass-through': 'error' },
  },
  // React's current hook rules (the compiler-backed ones too: setState in an effect, refs read or
  // written during render, impure render).
  { files: ['web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `../../${f}/**`, `../${f}/**`]),
              message: 'Features never import each other: combine them in web/src/app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/components/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'UI primitives know no feature.' }] }],
    },
  },
  {
    files: ['contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**', '@soleswap/server*', '@soleswap/web*'], message: 'contracts import neither web nor server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [REPOSITORY_RULE],
        },
      ],
    },
  },
  // Custody (the tradeable rule, the escrow locker, the packing slips) is shared by trades, loops and
  // the centre: it imports none of them (docs/decisions/013-module-layers-hand-ins-and-events.md).
  sharedByTheLegs('custody', 'Custody depends on none of trades, loops or inspection: they use it.'),
  // Parcels (tracking numbers in use) is shared by the routes a parcel travels on: it imports none of
  // them, they hand in what it must know of their legs (register-modules.ts). Its tests drive the
  // whole app, every route included.
  sharedByTheLegs('parcels', 'Parcels depends on none of trades, loops or inspection: they register what it must know (register-modules.ts).', {
    ignores: ['**/*.test.ts'],
  }),
);
