import { runAdminCommand } from './admin-command';

// `npm run admin -- grant|revoke|list <email>` (see admin-command.ts).
process.exitCode = await runAdminCommand(process.argv.slice(2));
