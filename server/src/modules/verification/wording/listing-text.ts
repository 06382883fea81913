import type { ListingFacts } from '../types';

/** Everything the member wrote about the pair (title, model, colorway, style code, description), one field a line. */
export function listingText(listing: Pick<ListingFacts, 'name' | 'model' | 'colorway' | 'styleCode' | 'description'>): string {
  return [listing.name, listing.model, listing.colorway, listing.styleCode, listing.description].filter((f): f is string => Boolean(f)).join(' \n ');
}

/** Under Armour's own abbreviation is "UA": on its pairs the letters are the brand, not "unauthorised authentic". */
export function isUnderArmour(listing: Pick<ListingFacts, 'brand' | 'name' | 'model'>): boolean {
  return /under\s*armou?r/i.test(`${listing.brand} ${listing.name} ${listing.model}`);
}
