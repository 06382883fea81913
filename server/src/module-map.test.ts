import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * modules.json is the one list of module names. A module keeps the same name in contracts,
 * server and web, so a folder that is missing from the list (or a listed part that is missing
 * on disk) means the map and the code have drifted apart.
 */
interface ModuleEntry {
  name: string;
  contracts: boolean;
  server: boolean;
  web: boolean;
  about: string;
}
interface ModuleMap {
  shared: { name: string; about: string }[];
  modules: ModuleEntry[];
}

const root = new URL('../../', import.meta.url);
const map = JSON.parse(readFileSync(new URL('modules.json', root), 'utf8')) as ModuleMap;

function folders(dir: string): string[] {
  return readdirSync(new URL(dir, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Contracts files; `<x>-values.ts` (plain values without zod, for the web's first pages) are companions, not modules. */
function contractFiles({ companions = false } = {}): string[] {
  return readdirSync(new URL('contracts/src/', root))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .filter((name) => name.endsWith('-values') === companions)
    .sort();
}

function listed(part: 'contracts' | 'server' | 'web'): string[] {
  return map.modules
    .filter((m) => m[part])
    .map((m) => m.name)
    .sort();
}

describe('the module map (modules.json)', () => {
  it('describes every module once, with a one-line about', () => {
    const names = map.modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of map.modules) {
      expect(m.name).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(m.about.trim(), m.name).not.toBe('');
      expect(m.about, m.name).not.toContain('\n');
      expect(m.contracts || m.server || m.web, `${m.name} lives nowhere`).toBe(true);
    }
  });

  it('lists exactly the server module folders', () => {
    expect(folders('server/src/modules/')).toEqual(listed('server'));
  });

  it('lists exactly the web feature folders', () => {
    expect(folders('web/src/features/')).toEqual(listed('web'));
  });

  it('lists exactly the contracts files, apart from the shared ones', () => {
    const shared = map.shared.map((s) => s.name);
    expect(shared.filter((name) => map.modules.some((m) => m.name === name))).toEqual([]);
    expect(contractFiles().filter((file) => !shared.includes(file))).toEqual(listed('contracts'));
    expect(shared.filter((name) => !contractFiles().includes(name))).toEqual([]);
  });

  it('has every values companion re-exported by exactly one module or shared file, so it belongs to that one', () => {
    const owners = contractFiles().filter((name) => map.shared.some((s) => s.name === name) || listed('contracts').includes(name));
    for (const companion of contractFiles({ companions: true })) {
      const reexporters = owners.filter((name) => readFileSync(new URL(`contracts/src/${name}.ts`, root), 'utf8').includes(`from './${companion}'`));
      expect(reexporters, `${companion}.ts`).toHaveLength(1);
    }
  });
});
