import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');
const startScript = (packageJson: string): string => JSON.parse(readFileSync(path.join(REPO, packageJson), 'utf8')).scripts.start;

/**
 * `npm start` and the tools that start the server (benchmarks, soak, measure-start) run it with the
 * same node flags, which keep it within its memory: a flag changed in one place only would make the
 * benchmarks measure a server nobody runs.
 */
describe("the server's node flags", () => {
  it.each(['package.json', 'server/package.json'])('are the ones %s starts the server with', (packageJson) => {
    const command = startScript(packageJson).split('&&').at(-1)!.trim().split(/\s+/);
    expect(command[0]).toBe('node');
    expect(command.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(command.at(-1)).toMatch(/dist\/main\.js$/);
  });
});
