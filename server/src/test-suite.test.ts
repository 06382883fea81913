import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSteps, TEST_STEPS } from '../../scripts/run-tests.mjs';
import { scaledTimeout, timeoutScale } from '../../scripts/test-timeouts.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
const rootScripts = () => JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts as Record<string, string>;

/**
 * `npm test` on a busy machine: a failing step (a Vitest test timed out) must not keep the browser
 * tests from running, and every timeout stretches with one setting.
 */
describe('npm test', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is the runner, whose steps end with the browser tests', () => {
    expect(rootScripts().test).toBe('node scripts/run-tests.mjs');
    expect(TEST_STEPS.map((s) => s.name)).toEqual(['typecheck', 'lint', 'vitest', 'browser tests']);
    expect(TEST_STEPS.at(-1)).toMatchObject({ command: 'node', args: ['e2e/run.mjs'] });
  });

  it('runs every step after a failed one, reports each, and fails the run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'soleswap-run-tests-'));
    dirs.push(dir);
    const marker = path.join(dir, 'ran');
    const lines: string[] = [];
    let clock = 0;
    const { ok, results } = await runSteps(
      [
        { name: 'fails', command: process.execPath, args: ['-e', 'process.exit(3)'] },
        { name: 'still runs', command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'yes')`] },
      ],
      { log: (line) => lines.push(line), stdio: 'ignore', now: () => (clock += 1000) },
    );
    expect(readFileSync(marker, 'utf8')).toBe('yes');
    expect(ok).toBe(false);
    expect(results.map((r) => [r.name, r.code, r.passed])).toEqual([
      ['fails', 3, false],
      ['still runs', 0, true],
    ]);
    const summary = lines.join('\n');
    expect(summary).toContain('fails: FAILED with exit code 3 in 1.0 s');
    expect(summary).toContain('still runs: passed in 1.0 s');
    expect(summary).toMatch(/1 of 2 steps FAILED in \d+\.\d s/);
  });

  it('stretches timeouts by TEST_TIMEOUT_SCALE, and refuses a value that is not a positive number', () => {
    expect(timeoutScale({})).toBe(1);
    expect(scaledTimeout(30_000, { TEST_TIMEOUT_SCALE: '3' })).toBe(90_000);
    expect(scaledTimeout(5_000, { TEST_TIMEOUT_SCALE: '1.5' })).toBe(7_500);
    expect(() => timeoutScale({ TEST_TIMEOUT_SCALE: 'lots' })).toThrow(/positive number/);
    expect(() => timeoutScale({ TEST_TIMEOUT_SCALE: '0' })).toThrow(/positive number/);
  });

  it.each(['vitest.config.ts', 'e2e/playwright.config.ts'])('%s takes every timeout through scaledTimeout', (file) => {
    const source = readFileSync(path.join(REPO, file), 'utf8');
    expect(source).toContain("scripts/test-timeouts.mjs'");
    expect(source.match(/timeout:\s*\d/gi) ?? []).toEqual([]);
  });
});
