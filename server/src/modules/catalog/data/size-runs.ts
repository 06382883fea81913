import { sizeRun, type UsSize } from '../catalog-release-seed';

/** Typical men's run of a Jordan or Nike retro: 7 to 13 in half sizes, then 14 and 15. */
export const MENS_RUN: UsSize[] = [...sizeRun('7', '13'), '14', '15'];

/** Men's run of the big general releases, which go up to 18. */
export const MENS_EXTENDED_RUN: UsSize[] = [...sizeRun('7', '13'), '14', '15', '16', '17', '18'];

/** Women's exclusive run. */
export const WOMENS_RUN: UsSize[] = sizeRun('5', '12');

/** Unisex lifestyle run (adidas, New Balance, ASICS, Puma...). */
export const UNISEX_RUN: UsSize[] = [...sizeRun('4', '13'), '14'];

/** Slides and foam runners come in whole sizes only. */
export const WHOLE_SIZE_RUN: UsSize[] = ['4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'];
