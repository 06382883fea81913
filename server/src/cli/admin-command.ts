import { z } from 'zod';
import { DataDirInUseError } from '../db/data-dir-lock';
import { EnvError, loadEnv } from '../env';
import { roleFor } from '../modules/users/sign-in-user';
import { changeRoleByEmail, listAdmins, type AdminSummary } from '../modules/users/change-role';
import { openConfiguredDatabase } from './open-configured-database';

export interface CommandIo {
  /** The environment to read the configuration from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

const USAGE = [
  'Usage: npm run admin -- <command>',
  '',
  '  grant <email>            make the member with this e-mail an admin',
  '  grant-inspector <email>  make them an inspector (works the authentication centre queue)',
  '  revoke <email>           make that admin or inspector a plain member again',
  '  list                     show every admin',
  '',
  'It uses the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR).',
];

const EmailSchema = z.string().trim().toLowerCase().email().max(254);

type Command = { name: 'grant' | 'grant-inspector' | 'revoke'; email: string } | { name: 'list' } | { name: 'help' };

function parseArgs(argv: string[]): Command | string {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'list') return rest.length === 0 ? { name: 'list' } : '"list" takes no arguments.';
  if (name !== 'grant' && name !== 'grant-inspector' && name !== 'revoke') return `Unknown command "${name}".`;
  if (rest.length !== 1) return `"${name}" needs exactly one e-mail address.`;
  const email = EmailSchema.safeParse(rest[0]);
  return email.success ? { name, email: email.data } : `"${rest[0]}" is not an e-mail address.`;
}

/**
 * `npm run admin -- grant|revoke|list`: lets an operator make the first admin of a fresh
 * install without editing the configuration. Returns the exit code (0 done, 1 not done).
 */
export async function runAdminCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));

  const command = parseArgs(argv);
  if (typeof command === 'string') {
    err(command);
    err('');
    USAGE.forEach((line) => err(line));
    return 1;
  }
  if (command.name === 'help') {
    USAGE.forEach((line) => out(line));
    return 0;
  }

  let opened;
  try {
    const env = loadEnv(io.env ?? process.env);
    opened = await openConfiguredDatabase(env);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(`A running SoleSwap server (pid ${error.pid}) holds the embedded database in ${error.dataDir}.`);
      err('The embedded database can be opened by one process at a time.');
      err('Stop the server first and run this command again, or use PostgreSQL (DATABASE_URL),');
      err('which the server and this command can use at the same time.');
      return 1;
    }
    err(error instanceof EnvError || error instanceof Error ? error.message : String(error));
    return 1;
  }

  try {
    const { ctx } = opened;
    if (command.name === 'list') {
      printAdmins(await listAdmins(ctx), out);
      return 0;
    }
    const role = command.name === 'grant' ? 'admin' : command.name === 'grant-inspector' ? 'inspector' : 'member';
    const change = await changeRoleByEmail(ctx, command.email, role);
    if (change.outcome === 'no-member') {
      err(`No member has the e-mail ${command.email}; nothing was changed.`);
      err('They should sign up first (Log In, then "Create account"), then run this command again.');
      return 1;
    }
    const who = describe(change.user);
    if (command.name === 'grant-inspector') {
      out(change.outcome === 'changed' ? `${who} is now an inspector.` : `${who} is already an inspector.`);
      return 0;
    }
    if (command.name === 'grant') {
      out(change.outcome === 'changed' ? `${who} is now an admin.` : `${who} is already an admin.`);
      return 0;
    }
    out(change.outcome === 'changed' ? `${who} is no longer an admin.` : `${who} is not an admin; nothing was changed.`);
    if (roleFor(ctx.env, command.email, true) === 'admin') {
      out(`Note: ${command.email} is listed in ADMIN_EMAILS, so it becomes admin again at its next sign-in.`);
      out('Remove it from ADMIN_EMAILS (and restart the server) to keep it a plain member.');
    }
    return 0;
  } finally {
    await opened.close();
  }
}

function describe(user: { email: string | null; username: string | null }): string {
  return user.username ? `${user.email} (${user.username})` : `${user.email}`;
}

function printAdmins(admins: AdminSummary[], out: (line: string) => void) {
  if (admins.length === 0) {
    out('No admins yet. Make one with: npm run admin -- grant <email>');
    return;
  }
  const rows = admins.map((a) => [a.email ?? '(no e-mail)', a.username ?? '-', a.memberSince.slice(0, 10)]);
  const header = ['E-MAIL', 'USERNAME', 'MEMBER SINCE'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    out(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}
