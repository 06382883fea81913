import { readFileSync } from 'node:fs';

/** The app version from the root package.json (falls back to "0.0.0"). */
export const SERVER_VERSION: string = (() => {
  try {
    return JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
