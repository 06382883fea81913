import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupContents } from './backup-contents';

/** A backup is a folder: the manifest, one database file and a copy of the uploads. */
export const BACKUP_FORMAT = 'soleswap-backup-1';
export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_FILE = 'pglite-datadir.tar.gz';
export const POSTGRES_FILE = 'database.pgdump';
export const UPLOADS_DIR = 'uploads';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  contents: BackupContents;
}

/** Reads and checks a backup folder's manifest; a string explains what is wrong. */
export function readManifest(folder: string): BackupManifest | string {
  const file = path.join(folder, MANIFEST_FILE);
  if (!existsSync(file)) return `${folder} is not a SoleSwap backup (no ${MANIFEST_FILE}).`;
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupManifest>;
  } catch {
    return `${file} is not valid JSON.`;
  }
  if (manifest.format !== BACKUP_FORMAT) return `${file} has an unknown format (${String(manifest.format)}).`;
  if (manifest.kind !== 'pglite' && manifest.kind !== 'postgres') return `${file} names no database kind.`;
  const dataFile = path.join(folder, manifest.kind === 'pglite' ? PGLITE_FILE : POSTGRES_FILE);
  if (!existsSync(dataFile)) return `The backup is incomplete: ${dataFile} is missing.`;
  return manifest as BackupManifest;
}
