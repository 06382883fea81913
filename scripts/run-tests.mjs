#!/usr/bin/env node
// `npm test`: typecheck, lint, the Vitest projects, then the browser tests, each run even when an
// earlier one failed (a busy machine that times out one Vitest test must not hide the browser
// tests' result). Each step's output goes straight through (Vitest's summary lines included); at
// the end every step's result and duration, and the whole run's, are printed. Exits non-zero when
// any step failed. TEST_TIMEOUT_SCALE (see README, Tests) lengthens every test timeout.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** The steps of `npm test`, in order. */
export const TEST_STEPS = [
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  { name: 'browser tests', command: 'node', args: ['e2e/run.mjs'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function runStep(step, stdio) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio, env: process.env });
    child.on('error', (error) => resolve({ code: 1, error }));
    child.on('exit', (code, signal) => resolve({ code: code ?? 1, signal }));
  });
}

/**
 * Runs every step whatever the earlier ones answered; returns each step's outcome and whether all
 * passed. `log` gets the summary lines; `stdio` is handed to each step's process.
 */
export async function runSteps(steps, { log = console.log, stdio = 'inherit', now = () => performance.now() } = {}) {
  const results = [];
  const startedAt = now();
  for (const step of steps) {
    log(`\n== ${step.name}: ${[step.command, ...step.args].join(' ')}`);
    const stepStartedAt = now();
    const { code, signal, error } = await runStep(step, stdio);
    const result = { name: step.name, code, passed: code === 0, durationMs: now() - stepStartedAt };
    results.push(result);
    const why = error ? ` (${error.message})` : signal ? ` (${signal})` : '';
    log(`== ${step.name}: ${result.passed ? 'passed' : `FAILED with exit code ${code}${why}`} in ${seconds(result.durationMs)}`);
  }
  const totalMs = now() - startedAt;
  const ok = results.every((r) => r.passed);
  log('\n== npm test summary');
  for (const r of results) log(`   ${r.passed ? 'passed' : 'FAILED'}  ${r.name.padEnd(14)} ${seconds(r.durationMs)}`);
  log(`== ${ok ? 'all steps passed' : `${results.filter((r) => !r.passed).length} of ${results.length} steps FAILED`} in ${seconds(totalMs)}`);
  return { ok, results, totalMs };
}

const HELP = `Usage: node scripts/run-tests.mjs [--dry-run] [--help]

Runs, in order and each even when an earlier one failed:
${TEST_STEPS.map((s, i) => `  ${i + 1}. ${s.name.padEnd(14)} ${[s.command, ...s.args].join(' ')}`).join('\n')}
then prints each step's result and duration and the whole run's duration; exits 1 if any failed.

  --dry-run  list the steps without running them
  TEST_TIMEOUT_SCALE=N  multiplies Vitest's and Playwright's timeouts (default 1)`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
  } else if (argv.includes('--dry-run')) {
    for (const s of TEST_STEPS) console.log(`${s.name}: ${[s.command, ...s.args].join(' ')}`);
  } else if (argv.length > 0) {
    console.error(`Unknown option ${argv[0]}\n\n${HELP}`);
    process.exitCode = 2;
  } else {
    const { ok } = await runSteps(TEST_STEPS);
    process.exitCode = ok ? 0 : 1;
  }
}
