import { runRestoreCommand } from './restore-command';

// `npm run db:restore -- <backup folder> [--force]` (see restore-command.ts).
process.exitCode = await runRestoreCommand(process.argv.slice(2));
