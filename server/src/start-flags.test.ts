import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
const startScript = (packageJson: string): string => JSON.parse(readFileSync(path.join(REPO, packageJson), 'utf8')).scripts.start;

/** The command that starts the server: the start script's last `&&` step. */
const serverStep = (packageJson: string): string => startScript(packageJson).split('&&').at(-1)!.trim();

/** A step's leading `NAME=value` words (the environment sh gives the command), and the command. */
function splitStep(step: string): { env: Record<string, string>; command: string[] } {
  const words = step.split(/\s+/);
  const assignments = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word));
  const env = Object.fromEntries(words.slice(0, assignments).map((word) => word.split('=', 2) as [string, string]));
  return { env, command: words.slice(assignments) };
}

/**
 * `npm start` and the tools that start the server (benchmarks, soak, measure-start) run it with the
 * same node flags and environment, which keep it within its memory: a setting changed in one place
 * only would make the benchmarks measure a server nobody runs.
 */
describe("the server's node flags and environment", () => {
  it.each(['package.json', 'server/package.json'])('are the ones %s starts the server with', (packageJson) => {
    const { env, command } = splitStep(serverStep(packageJson));
    expect(command[0]).toBe('node');
    expect(command.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(command.at(-1)).toMatch(/dist\/main\.js$/);
    expect(env).toEqual(SERVER_ENV);
  });

  it('limit the C allocator to two arenas (glibc reads MALLOC_ARENA_MAX only as the process starts)', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it.each(['package.json', 'server/package.json'])("reach the server's process through npm's shell (%s)", (packageJson) => {
    // The start step as sh (npm's script shell) runs it, node printing what it got instead of starting the server.
    const step = serverStep(packageJson).replace(/\S*dist\/main\.js$/, `-p "[process.env.MALLOC_ARENA_MAX, ...process.execArgv].join(' ')"`);
    const printed = execFileSync('sh', ['-c', step], { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    expect(printed.trim()).toBe(
      [SERVER_ENV.MALLOC_ARENA_MAX, ...SERVER_NODE_FLAGS, '-p', "[process.env.MALLOC_ARENA_MAX, ...process.execArgv].join(' ')"].join(' '),
    );
  });
});
