/** The part of fontkit 2 (no types of its own) that pdf-fonts.ts calls: the font is handed to pdf-lib. */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
