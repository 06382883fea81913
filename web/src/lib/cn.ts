/**
 * Joins class names, skipping falsy values, so conditional styles read as
 * `cn('base', isActive && 'text-accent')`.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
