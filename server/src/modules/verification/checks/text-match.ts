/** Lower case words of a name, punctuation dropped: "Air Jordan 4 Retro" → ["air", "jordan", "4", "retro"]. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** True when every word of the shorter name appears in the longer one ("Air Jordan 4" vs "Air Jordan 4 Retro"). */
export function sameName(a: string, b: string): boolean {
  const [shorter, longer] = words(a).length <= words(b).length ? [words(a), words(b)] : [words(b), words(a)];
  return shorter.length > 0 && shorter.every((w) => longer.includes(w));
}

/** The colour names of a colorway: "Black/Pollen-White" → ["black", "pollen", "white"]. */
export function colours(colorway: string): string[] {
  return colorway
    .split(/[/,]+/)
    .map((part) => words(part).join(' '))
    .filter(Boolean);
}
