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

/**
 * True when the listing names the release's model: every word of the release's model appears
 * (members add "Retro", "OG", "SP"), or the listing leaves out at most one of them ("Kobe 4" for
 * "Kobe 4 Protro"). A lone "Jordan" for "Air Jordan 4" says too little to count.
 */
export function sameModel(listingModel: string, releaseModel: string): boolean {
  const listed = words(listingModel);
  const release = words(releaseModel);
  if (listed.length === 0 || release.length === 0) return false;
  if (release.every((w) => listed.includes(w))) return true;
  return listed.every((w) => release.includes(w)) && listed.length >= release.length - 1;
}

/** The colour names of a colorway: "Black/Pollen-White" → ["black", "pollen", "white"]. */
export function colours(colorway: string): string[] {
  return colorway
    .split(/[/,]+/)
    .map((part) => words(part).join(' '))
    .filter(Boolean);
}
