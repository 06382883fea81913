import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_DIR } from '../../server-paths';

/** The app version from the root package.json (falls back to "0.0.0"). */
export const SERVER_VERSION: string = (() => {
  try {
    return JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
