import { EnvError, loadEnv, type Env } from '../env';
import type { CommandIo } from './admin-command';

type Line = (line: string) => void;

/** What a command may go on with once its arguments and the environment were read. */
export type CommandStart<A> = { exit: number } | { args: A; env: Env; out: Line; err: Line };

/**
 * The start every database command shares: parse the arguments (a string explains a mistake and
 * prints the usage, exit 1), answer --help (exit 0), then read the server's environment (a bad
 * value names the variable, exit 1).
 */
export function startCommand<A extends { help?: boolean }>(
  argv: string[],
  io: CommandIo,
  usage: readonly string[],
  parse: (argv: string[]) => A | string,
): CommandStart<A> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const args = parse(argv);
  if (typeof args === 'string') {
    err(args);
    usage.forEach((line) => err(line));
    return { exit: 1 };
  }
  if (args.help) {
    usage.forEach((line) => out(line));
    return { exit: 0 };
  }
  try {
    return { args, env: loadEnv(io.env ?? process.env), out, err };
  } catch (error) {
    err(error instanceof EnvError || error instanceof Error ? error.message : String(error));
    return { exit: 1 };
  }
}
