import path from 'node:path';

/**
 * Folders the server reads files from at run time. This file sits in server/src and the compiled
 * bundle in server/dist (scripts/build-if-stale.mjs), both one level below server/, so the same
 * step up finds the server folder whether the code runs from source or compiled.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The repository root (package.json, data/, web/dist). */
export const REPO_DIR = path.resolve(SERVER_DIR, '..');

/** The checked-in SQL migrations; read at start, never bundled. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src', 'db', 'migrations');

/** The built web client, unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_DIR, 'web', 'dist');
