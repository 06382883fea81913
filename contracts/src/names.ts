import type { z } from 'zod';

/**
 * Rules for names other members see (sneaker names and models, colorways, the names on sign-up and
 * early-access forms). Usernames need none of this: their pattern allows ASCII letters, digits and
 * a few marks only.
 */

/**
 * Characters that draw nothing: zero-width spaces and joiners, the byte-order mark, soft hyphens,
 * variation selectors, Hangul fillers (Unicode's Default_Ignorable_Code_Point), other format
 * characters (Cf), controls and white space.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{White_Space}]/gu;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * the text after them, so "gpj.exe" can show as "exe.jpg" and one member can pass for another.
 * Right-to-left scripts render correctly without them.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** Marks that only set direction (LRM, RLM, ALM): harmless inside a name, but a name may not start with one. */
const DIRECTION_MARKS = /^[\u200E\u200F\u061C]/u;

export const NAME_INVISIBLE_MESSAGE = 'must contain letters or digits you can see';
export const NAME_DIRECTION_MESSAGE = 'cannot contain characters that change the direction of text';

/** True when something visible is left once invisible characters are taken away. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/** True when the text holds no direction override, embedding or isolate, and starts with no direction mark. */
export function hasNoDirectionControls(value: string): boolean {
  return !DIRECTION_CONTROLS.test(value) && !DIRECTION_MARKS.test(value);
}

/** The problem with a name others see, or undefined when it is fine (blank is the caller's own rule). */
export function nameProblem(value: string, label: string): string | undefined {
  if (!hasNoDirectionControls(value)) return `${label} ${NAME_DIRECTION_MESSAGE}`;
  if (value !== '' && !hasVisibleText(value)) return `${label} ${NAME_INVISIBLE_MESSAGE}`;
  return undefined;
}

/** A superRefine step adding the name rules above to a string schema (null passes: optional fields). */
export function shownNameCheck(label: string) {
  return (value: string | null, ctx: z.RefinementCtx) => {
    const problem = value === null ? undefined : nameProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}
