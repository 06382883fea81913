import { runBackupCommand } from './backup-command';

// `npm run db:backup -- [--out <folder>]` (see backup-command.ts).
process.exitCode = await runBackupCommand(process.argv.slice(2));
