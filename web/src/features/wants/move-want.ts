/** The ids with the one at `from` moved to `to` (drag and drop, or the move up/down buttons). */
export function moveWant(ids: readonly number[], from: number, to: number): number[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
