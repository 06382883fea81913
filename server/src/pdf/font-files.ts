import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The TrueType fonts PDFs embed, from npm packages (SIL Open Font License): Noto Sans covers Latin
 * (accents, ß, ü, Polish and Nordic letters), Greek and Cyrillic; Noto Sans JP covers kana and kanji.
 * Each file is read once per process, on first use, and only when a PDF needs it: the Japanese
 * fonts are 5.4 MB each and most slips never touch them.
 */
export type FontFile = 'latin' | 'latinBold' | 'japanese' | 'japaneseBold';

const PATHS: Record<FontFile, string> = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  japanese: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  japaneseBold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

// Resolved from this file, so it works from the TypeScript source and from the bundled server/dist.
const require = createRequire(import.meta.url);
const loaded = new Map<FontFile, Promise<Uint8Array>>();

/** A font file's bytes, read on the first call and shared by every later one. */
export function fontBytes(file: FontFile): Promise<Uint8Array> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = readFile(require.resolve(PATHS[file])).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
    // A failed read is not remembered: the next PDF tries again.
    bytes.catch(() => loaded.delete(file));
    loaded.set(file, bytes);
  }
  return bytes;
}
