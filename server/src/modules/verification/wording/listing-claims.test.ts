import { describe, expect, it } from 'vitest';
import { readListingClaims } from './listing-claims';

describe('readListingClaims', () => {
  it.each(['Brand new, deadstock', 'DS', 'BNIB', 'unworn', 'Never worn, tried on indoors', 'br4nd n3w'])(
    'reads "%s" as a claim of deadstock',
    (text) => {
      expect(readListingClaims(text).deadstock).not.toBeNull();
    },
  );

  it.each(['like new', 'Looks brand new after a clean', 'almost deadstock', 'not deadstock', 'Worn twice'])(
    'reads no claim of deadstock in "%s"',
    (text) => {
      expect(readListingClaims(text).deadstock).toBeNull();
    },
  );

  it('reads wear, unless denied', () => {
    expect(readListingClaims('worn once, light creasing').wear).toBe('worn');
    expect(readListingClaims('never worn, no creases').wear).toBeNull();
  });

  it('reads a missing box or receipt, haste and payment away from the platform', () => {
    expect(readListingClaims('No OG box, no receipt').noBox).toBe('no og box');
    expect(readListingClaims('No OG box, no receipt').noReceipt).toBe('no receipt');
    expect(readListingClaims('Original box and receipt').noBox).toBeNull();
    expect(readListingClaims('Need gone today, quick sale').haste).toBe('quick sale');
    expect(readListingClaims('Cash only or Zelle').offPlatform).toBe('cash only');
    expect(readListingClaims('Paid through the app only').offPlatform).toBeNull();
  });
});
