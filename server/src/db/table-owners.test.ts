import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';
import { INFRASTRUCTURE_FILES, isOwnershipExempt, TABLE_OWNERS } from './table-owners';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const modulesDir = join(srcDir, 'modules');
const owners: Record<string, string> = TABLE_OWNERS;

/** Every export of the schema that is a table, by its export name. */
const tables = new Map(Object.entries(schema).filter(([, value]) => is(value, PgTable)) as Array<[string, PgTable]>);
/** Export name of each table by its SQL name, for raw SQL. */
const bySqlName = new Map([...tables].map(([name, table]) => [getTableName(table), name]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Value (non-type) names a file imports from the schema. */
function schemaImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/db\/schema(?:\/[^']*)?'/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

/** SQL table names a file's raw SQL reads or writes (comments left out). */
function rawSqlTables(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!).filter((name) => bySqlName.has(name));
}

/** What every non-exempt module file names that its module does not own. */
function ownershipViolations(): string[] {
  const problems: string[] = [];
  for (const path of sourceFiles(modulesDir)) {
    const file = relative(modulesDir, path);
    if (isOwnershipExempt(file)) continue;
    const module = file.split('/')[0]!;
    const source = readFileSync(path, 'utf8');
    const named = [
      ...schemaImports(source)
        .filter((name) => tables.has(name))
        .map((name) => ({ name, how: 'imports' })),
      ...rawSqlTables(source).map((sqlName) => ({ name: bySqlName.get(sqlName)!, how: `names in raw SQL (${sqlName})` })),
    ];
    for (const { name, how } of named) {
      const owner = owners[name];
      if (owner === undefined) {
        problems.push(`server/src/modules/${file} ${how} table ${name}, which has no owner: add it to server/src/db/table-owners.ts`);
      } else if (owner !== module) {
        problems.push(`server/src/modules/${file} ${how} table ${name}, owned by ${owner}: call a function of the owner instead`);
      }
    }
  }
  return [...new Set(problems)];
}

/** Tables named by files outside the modules and the schema that are not the infrastructure listed for them. */
function infrastructureViolations(): string[] {
  const problems: string[] = [];
  for (const path of sourceFiles(srcDir)) {
    const file = relative(srcDir, path);
    if (file.startsWith('modules/') || file.startsWith('db/') || isOwnershipExempt(file)) continue;
    const source = readFileSync(path, 'utf8');
    const named = [...schemaImports(source).filter((name) => tables.has(name)), ...rawSqlTables(source).map((sqlName) => bySqlName.get(sqlName)!)];
    const allowed: readonly string[] = INFRASTRUCTURE_FILES[file] ?? [];
    for (const name of new Set(named)) {
      if (!allowed.includes(name)) {
        problems.push(
          `server/src/${file} touches table ${name} (owner: ${owners[name] ?? 'none, add it to server/src/db/table-owners.ts'}) but is not listed for it in INFRASTRUCTURE_FILES`,
        );
      }
    }
  }
  return problems;
}

describe('table ownership', () => {
  it('gives every schema table an owner', () => {
    const unowned = [...tables.keys()].filter((name) => owners[name] === undefined);
    expect(unowned.map((name) => `table ${name} has no owner: add it to server/src/db/table-owners.ts`)).toEqual([]);
  });

  it('names only tables that exist', () => {
    expect(Object.keys(owners).filter((name) => !tables.has(name))).toEqual([]);
  });

  it('lets a module file touch only the tables its module owns', () => {
    expect(ownershipViolations()).toEqual([]);
  });

  it('lets code outside the modules touch only the tables of its listed infrastructure', () => {
    expect(infrastructureViolations()).toEqual([]);
  });
});
