/**
 * The demo community a first start shows (see docs/rules/roles.md#demo-content). E-mails end in @soleswap.local, a
 * domain nobody can receive mail at, so demo accounts never reach a real person. Each member
 * collects around a theme; `picks` are catalogue popularity ranks (the nearest existing rank is
 * used if the catalogue changes), and `hiddenPick` is listed but hidden from trading.
 */
export interface DemoMember {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  /** Brands this member collects, in order of preference. */
  brands: string[];
  count: number;
  /** Index of the sneaker that is hidden from trading, if any. */
  hiddenIndex?: number;
  /** US size this member wears. */
  size: string;
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: 'kicksqueen@soleswap.local',
    username: 'kicksqueen',
    firstName: 'Maya',
    lastName: 'Okafor',
    bio: 'Jordan retros and anything in cement grey. Always down for a fair swap.',
    brands: ['Jordan', 'Nike'],
    count: 6,
    hiddenIndex: 5,
    size: '8',
  },
  {
    email: 'solecollector@soleswap.local',
    username: 'solecollector',
    firstName: 'Marcus',
    lastName: 'Lindqvist',
    bio: 'Runner turned collector: New Balance, ASICS and the odd Dunk.',
    brands: ['New Balance', 'ASICS', 'Nike'],
    count: 5,
    size: '10.5',
  },
  {
    email: 'grailhunter@soleswap.local',
    username: 'grailhunter',
    firstName: 'Priya',
    lastName: 'Raman',
    bio: 'Chasing collabs and limited pairs. Trades only, no cash.',
    brands: ['Jordan', 'Nike', 'Adidas'],
    count: 5,
    size: '9.5',
  },
  {
    email: 'terracelad@soleswap.local',
    username: 'terracelad',
    firstName: 'Tom',
    lastName: 'Hughes',
    bio: 'Sambas, Gazelles and terrace classics in every colour.',
    brands: ['Adidas', 'Puma', 'Converse', 'Vans'],
    count: 4,
    size: '9',
  },
];
