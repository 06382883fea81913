import type { CatalogReleaseSeed } from '../catalog-release-seed';
import { MENS_EXTENDED_RUN, MENS_RUN, WOMENS_RUN } from './size-runs';

/**
 * Jordan Brand releases of 2024–2025. Names, style codes, colorways, release dates and
 * retail prices were checked against public StockX/Nike listings where noted as
 * "checked"; the rest come from recall and carry an "approximate date" note.
 * Market prices are typical resale levels, not live quotes.
 */
export const JORDAN_RELEASES: CatalogReleaseSeed[] = [
  // checked
  {
    popularityRank: 1, name: "Air Jordan 4 Retro 'Bred Reimagined'", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Black/Fire Red/Cement Grey/Summit White', styleCode: 'FV5029-006', releaseDate: '2024-02-17',
    retailPrice: 215, marketPrice: 238, priceRangeLow: 205, priceRangeHigh: 310, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#1c1c1e', overlay: '#2b2b2e', sole: '#f1eee6', accent: '#c8102e', laces: '#1c1c1e' },
  },
  {
    popularityRank: 2, name: "Air Jordan 11 Retro 'Legend Blue'", brand: 'Jordan', model: 'Air Jordan 11',
    colorway: 'White/Legend Blue/Black', styleCode: 'CT8012-104', releaseDate: '2024-12-14',
    retailPrice: 230, marketPrice: 252, priceRangeLow: 221, priceRangeHigh: 320, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f5f5f2', overlay: '#fbfbfb', sole: '#f7f7f4', accent: '#7fb2e0', laces: '#f5f5f2' },
  },
  {
    popularityRank: 3, name: "Air Jordan 4 Retro 'White Cement'", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Summit White/Fire Red/Tech Grey/Black', styleCode: 'FV5029-100', releaseDate: '2025-05-24',
    retailPrice: 225, marketPrice: 240, priceRangeLow: 212, priceRangeHigh: 305, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f3f1ea', overlay: '#9a9b9e', sole: '#f3f1ea', accent: '#c8102e', laces: '#f3f1ea' },
  },
  {
    popularityRank: 4, name: "Travis Scott x Air Jordan 1 Low OG 'Velvet Brown'", brand: 'Jordan', model: 'Air Jordan 1 Low',
    colorway: 'Dark Mocha/Black/Velvet Brown', styleCode: 'DM7866-202', releaseDate: '2024-12-05',
    retailPrice: 150, marketPrice: 420, priceRangeLow: 340, priceRangeHigh: 575, sizes: MENS_RUN,
    palette: { upper: '#4a2c22', overlay: '#5b3a2e', sole: '#efe6d2', accent: '#121212', laces: '#4a2c22' },
  },
  {
    popularityRank: 5, name: "Air Jordan 3 Retro OG 'Black Cement'", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'Black/Fire Red/Cement Grey/Sail', styleCode: 'DN3707-010', releaseDate: '2024-11-23',
    retailPrice: 220, marketPrice: 230, priceRangeLow: 205, priceRangeHigh: 295, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#1b1b1d', overlay: '#8f9092', sole: '#efe9dc', accent: '#c8102e', laces: '#1b1b1d' },
  },
  {
    popularityRank: 6, name: "Air Jordan 11 Retro 'Gamma Blue' (2025)", brand: 'Jordan', model: 'Air Jordan 11',
    colorway: 'Black/Gamma Blue/Varsity Maize', styleCode: 'CT8012-047', releaseDate: '2025-12-13', // approximate date
    retailPrice: 235, marketPrice: 255, priceRangeLow: 225, priceRangeHigh: 330, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#141416', overlay: '#1f1f22', sole: '#f4f4f2', accent: '#2a5bd7', laces: '#141416' },
  },
  {
    popularityRank: 8, name: "Air Jordan 4 Retro 'Military Blue' (2024)", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Off-White/Military Blue/Neutral Grey', styleCode: 'FV5029-141', releaseDate: '2024-05-04',
    retailPrice: 215, marketPrice: 205, priceRangeLow: 182, priceRangeHigh: 265, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f2eee4', overlay: '#8c8f92', sole: '#f2eee4', accent: '#2f5d9e', laces: '#f2eee4' },
  },
  {
    popularityRank: 9, name: "Air Jordan 4 Retro 'Black Cat' (2025)", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Black/Black/Light Graphite', styleCode: 'FV5029-010', releaseDate: '2025-11-28',
    retailPrice: 220, marketPrice: 300, priceRangeLow: 262, priceRangeHigh: 385, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#161617', overlay: '#232325', sole: '#1d1d1f', accent: '#4a4c50', laces: '#161617' },
  },
  {
    popularityRank: 10, name: "Air Jordan 1 Retro High '85 OG 'Bred' (2025)", brand: 'Jordan', model: "Air Jordan 1 High '85",
    colorway: 'Black/Varsity Red/White', styleCode: 'HV6674-067', releaseDate: '2025-02-14',
    retailPrice: 250, marketPrice: 340, priceRangeLow: 290, priceRangeHigh: 460, sizes: MENS_RUN,
    palette: { upper: '#161616', overlay: '#b3122a', sole: '#f4f1ea', accent: '#161616', laces: '#161616' },
  },
  {
    popularityRank: 12, name: "Air Jordan 4 Retro 'Fear' (2024)", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Black/White/Cool Grey/Pure Platinum', styleCode: 'FQ8138-002', releaseDate: '2024-11-30',
    retailPrice: 215, marketPrice: 232, priceRangeLow: 200, priceRangeHigh: 300, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#1c1c1e', overlay: '#8d8f93', sole: '#f2f2f0', accent: '#d6d7d9', laces: '#1c1c1e' },
  },
  {
    popularityRank: 13, name: "Nigel Sylvester x Air Jordan 4 Retro OG SP 'Brick by Brick'", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Firewood Orange/Sail/Cinnabar', styleCode: 'HF4340-800', releaseDate: '2025-03-14',
    retailPrice: 225, marketPrice: 560, priceRangeLow: 460, priceRangeHigh: 720, sizes: MENS_RUN,
    palette: { upper: '#d86a2b', overlay: '#efe9dc', sole: '#efe9dc', accent: '#a63c2b', laces: '#efe9dc' },
  },
  {
    popularityRank: 15, name: "Air Jordan 1 Retro High OG 'Black Toe Reimagined'", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'White/Black/Varsity Red/Sail', styleCode: 'DZ5485-106', releaseDate: '2025-02-15',
    retailPrice: 180, marketPrice: 112, priceRangeLow: 86, priceRangeHigh: 170, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f4f1ea', overlay: '#1a1a1a', sole: '#efe6d2', accent: '#1a1a1a', laces: '#f4f1ea' },
  },
  {
    popularityRank: 16, name: "Air Jordan 3 Retro 'Black Cat' (2025)", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'Black/Dark Charcoal/Black', styleCode: 'CT8532-001', releaseDate: '2025-01-11',
    retailPrice: 200, marketPrice: 290, priceRangeLow: 245, priceRangeHigh: 365, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#161617', overlay: '#3a3b3d', sole: '#1d1d1f', accent: '#3a3b3d', laces: '#161617' },
  },
  {
    popularityRank: 18, name: "Air Jordan 9 Retro 'Powder Blue' (2024)", brand: 'Jordan', model: 'Air Jordan 9',
    colorway: 'Summit White/Black/Dark Powder Blue', styleCode: 'FQ8992-101', releaseDate: '2024-03-23',
    retailPrice: 210, marketPrice: 188, priceRangeLow: 165, priceRangeHigh: 245, sizes: MENS_RUN,
    palette: { upper: '#f3f1ea', overlay: '#1c1c1e', sole: '#6f94c5', accent: '#6f94c5', laces: '#1c1c1e' },
  },
  {
    popularityRank: 20, name: "Air Jordan 4 Retro SB 'Navy'", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Summit White/Navy/Neutral Grey/Gum Yellow', styleCode: 'DR5415-100', releaseDate: '2025-03-18',
    retailPrice: 225, marketPrice: 215, priceRangeLow: 188, priceRangeHigh: 280, sizes: MENS_RUN,
    palette: { upper: '#f3f1ea', overlay: '#8c8f92', sole: '#c99a4b', accent: '#1f2d4d', laces: '#f3f1ea' },
  },
  {
    popularityRank: 21, name: "Undefeated x Air Jordan 4 Retro OG SP (2025)", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Deep Green/Clementine/Black/Sail', styleCode: 'IB1519-200', releaseDate: '2025-08-28',
    retailPrice: 230, marketPrice: 290, priceRangeLow: 250, priceRangeHigh: 380, sizes: MENS_RUN,
    palette: { upper: '#1f4d3a', overlay: '#121212', sole: '#efe9dc', accent: '#f07b2b', laces: '#1f4d3a' },
  },
  {
    popularityRank: 23, name: "Union LA x Air Jordan 1 Retro High OG SP 'Chicago Shadow'", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'Varsity Red/Black/Sail/Shadow Grey/Muslin', styleCode: 'HV8563-600', releaseDate: '2025-02-27',
    retailPrice: 200, marketPrice: 182, priceRangeLow: 160, priceRangeHigh: 245, sizes: MENS_RUN,
    palette: { upper: '#b3122a', overlay: '#6b6e72', sole: '#e8dfc9', accent: '#1a1a1a', laces: '#e8dfc9' },
  },
  {
    popularityRank: 24, name: "Travis Scott x Jordan Jumpman Jack TR 'Dark Mocha'", brand: 'Jordan', model: 'Jordan Jumpman Jack TR',
    colorway: 'Dark Mocha/Black/Velvet Brown', styleCode: 'FZ8117-204', releaseDate: '2024-11-23',
    retailPrice: 200, marketPrice: 262, priceRangeLow: 215, priceRangeHigh: 340, sizes: MENS_RUN,
    palette: { upper: '#3e2a22', overlay: '#151515', sole: '#efe6d2', accent: '#5b3a2e', laces: '#151515' },
  },
  {
    popularityRank: 28, name: "Air Jordan 3 Retro 'Lucky Shorts'", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'Summit White/Hydrogen Blue/Legend Blue/Photon Dust', styleCode: 'CT8532-101', releaseDate: '2025-02-22',
    retailPrice: 200, marketPrice: 140, priceRangeLow: 118, priceRangeHigh: 190, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f3f1ea', overlay: '#b8d4ea', sole: '#f3f1ea', accent: '#6f9fd1', laces: '#f3f1ea' },
  },
  {
    popularityRank: 31, name: "Air Jordan 5 Retro 'Grape' (2025)", brand: 'Jordan', model: 'Air Jordan 5',
    colorway: 'White/Grape Ice/New Emerald', styleCode: 'HQ7978-100', releaseDate: '2025-06-21',
    retailPrice: 215, marketPrice: 165, priceRangeLow: 145, priceRangeHigh: 225, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f5f5f2', overlay: '#6a4c93', sole: '#f5f5f2', accent: '#1fa37a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 32, name: "A Ma Maniére x Air Jordan 3 Retro OG SP 'Diffused Blue'", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'White/Medium Grey/Violet Ore', styleCode: 'HV8571-100', releaseDate: '2025-03-29',
    retailPrice: 225, marketPrice: 180, priceRangeLow: 160, priceRangeHigh: 245, sizes: MENS_RUN,
    palette: { upper: '#f4f2ee', overlay: '#9c9ea3', sole: '#f4f2ee', accent: '#8a7f9c', laces: '#f4f2ee' },
  },
  {
    popularityRank: 34, name: "Air Jordan 1 Retro High OG 'UNC Reimagined'", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'Dark Powder Blue/Dark Powder Blue/Sail', styleCode: 'DZ5485-402', releaseDate: '2025-05-10',
    retailPrice: 180, marketPrice: 100, priceRangeLow: 82, priceRangeHigh: 150, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#efe9dc', overlay: '#6f94c5', sole: '#efe6d2', accent: '#6f94c5', laces: '#efe9dc' },
  },
  {
    popularityRank: 36, name: "Air Jordan 3 Retro 'Seoul 2.0'", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'White/Black/Sport Royal/Challenge Red', styleCode: 'IB1482-100', releaseDate: '2025-05-15',
    retailPrice: 200, marketPrice: 160, priceRangeLow: 140, priceRangeHigh: 210, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#1a1a1a', sole: '#f5f5f2', accent: '#2b52a8', laces: '#f5f5f2' },
  },
  {
    popularityRank: 38, name: "Air Jordan 14 Retro 'Ferrari' (2025)", brand: 'Jordan', model: 'Air Jordan 14',
    colorway: 'Challenge Red/Black/Vibrant Yellow/Anthracite', styleCode: 'IF5015-600', releaseDate: '2025-06-14',
    retailPrice: 215, marketPrice: 320, priceRangeLow: 275, priceRangeHigh: 410, sizes: MENS_RUN,
    palette: { upper: '#d0202f', overlay: '#2f3033', sole: '#d0202f', accent: '#f3d23a', laces: '#d0202f' },
  },
  {
    popularityRank: 39, name: "Nigel Sylvester x Air Jordan 1 Retro Low OG 'Better With Time'", brand: 'Jordan', model: 'Air Jordan 1 Low',
    colorway: 'Black/Muslin/Varsity Red', styleCode: 'IB8958-001', releaseDate: '2025-08-16',
    retailPrice: 150, marketPrice: 262, priceRangeLow: 220, priceRangeHigh: 330, sizes: MENS_RUN,
    palette: { upper: '#1a1a1a', overlay: '#e8dfc9', sole: '#e8dfc9', accent: '#b3122a', laces: '#1a1a1a' },
  },
  {
    popularityRank: 41, name: "A Ma Maniére x Air Jordan 4 Retro OG SP 'While You Were Sleeping' (Women's)", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'Fossil Stone/Metallic Pewter/Burgundy Crush', styleCode: 'FZ4810-200', releaseDate: '2024-09-20',
    retailPrice: 225, marketPrice: 255, priceRangeLow: 220, priceRangeHigh: 325, sizes: WOMENS_RUN,
    palette: { upper: '#d8cbb3', overlay: '#9a968f', sole: '#e8dfc9', accent: '#6e2b33', laces: '#d8cbb3' },
  },
  {
    popularityRank: 43, name: "Nina Chanel Abney x Air Jordan 3 Retro SP 'Bicoastal' (Women's)", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'Bicoastal/Black/Malachite/Fossil', styleCode: 'FZ7974-300', releaseDate: '2024-06-20',
    retailPrice: 225, marketPrice: 220, priceRangeLow: 165, priceRangeHigh: 290, sizes: WOMENS_RUN,
    palette: { upper: '#4f7d73', overlay: '#1a1a1a', sole: '#e6dcc8', accent: '#1c6b53', laces: '#4f7d73' },
  },
  {
    popularityRank: 48, name: "Air Jordan 3 Retro 'El Vuelo'", brand: 'Jordan', model: 'Air Jordan 3',
    colorway: 'Summit White/Metallic Gold/Pine Green/Dragon Red/Sail', styleCode: 'IO1752-100', releaseDate: '2025-09-16',
    retailPrice: 230, marketPrice: 245, priceRangeLow: 215, priceRangeHigh: 310, sizes: MENS_RUN,
    palette: { upper: '#f3f1ea', overlay: '#1e4d3b', sole: '#efe9dc', accent: '#b0243a', laces: '#f3f1ea' },
  },
  {
    popularityRank: 49, name: "Air Jordan 1 Retro High OG 'Pro Green' (Women's)", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'Pale Ivory/Pro Green/Fir/Coconut Milk', styleCode: 'FD2596-101', releaseDate: '2025-10-18',
    retailPrice: 185, marketPrice: 175, priceRangeLow: 150, priceRangeHigh: 230, sizes: WOMENS_RUN,
    palette: { upper: '#f2ecdc', overlay: '#2f7d4f', sole: '#efe6d2', accent: '#1e3d2f', laces: '#f2ecdc' },
  },
  {
    popularityRank: 50, name: "Travis Scott x Jordan Jumpman Jack TR 'Bright Cactus'", brand: 'Jordan', model: 'Jordan Jumpman Jack TR',
    colorway: 'Muslin/Black/Bright Cactus', styleCode: 'FZ8117-102', releaseDate: '2025-04-30',
    retailPrice: 200, marketPrice: 215, priceRangeLow: 180, priceRangeHigh: 285, sizes: MENS_RUN,
    palette: { upper: '#e8dfc9', overlay: '#151515', sole: '#e8dfc9', accent: '#7fbf4d', laces: '#151515' },
  },
  // from recall: style codes match public listings, release dates are approximate
  {
    popularityRank: 45, name: "Air Jordan 1 Retro High OG 'Yellow Ochre'", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'Yellow Ochre/Black/Sail', styleCode: 'DZ5485-701', releaseDate: '2024-08-24',
    retailPrice: 180, marketPrice: 150, priceRangeLow: 128, priceRangeHigh: 205, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#efe9dc', overlay: '#d99a1e', sole: '#efe6d2', accent: '#151515', laces: '#efe9dc' },
  },
  {
    popularityRank: 47, name: "Air Jordan 1 Retro High OG 'Green Glow'", brand: 'Jordan', model: 'Air Jordan 1 High',
    colorway: 'White/Green Glow/Black', styleCode: 'DZ5485-130', releaseDate: '2024-03-06',
    retailPrice: 180, marketPrice: 145, priceRangeLow: 120, priceRangeHigh: 200, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f5f5f2', overlay: '#6fe0b3', sole: '#f5f5f2', accent: '#151515', laces: '#f5f5f2' },
  },
  {
    popularityRank: 55, name: "Air Jordan 4 Retro 'Oxidized Green'", brand: 'Jordan', model: 'Air Jordan 4',
    colorway: 'White/White/Neutral Grey/Oxidized Green', styleCode: 'FQ8138-103', releaseDate: '2024-06-22',
    retailPrice: 215, marketPrice: 190, priceRangeLow: 165, priceRangeHigh: 250, sizes: MENS_EXTENDED_RUN,
    palette: { upper: '#f5f5f2', overlay: '#8c8f92', sole: '#f5f5f2', accent: '#2e6b55', laces: '#f5f5f2' },
  },
  {
    popularityRank: 57, name: "Air Jordan 11 Retro Low 'Diffused Blue'", brand: 'Jordan', model: 'Air Jordan 11 Low',
    colorway: 'White/Diffused Blue/Football Grey/Midnight Navy', styleCode: 'FV5121-104', releaseDate: '2024-05-25',
    retailPrice: 190, marketPrice: 165, priceRangeLow: 140, priceRangeHigh: 215, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#fbfbfb', sole: '#f5f5f2', accent: '#6a8fc7', laces: '#f5f5f2' },
  },
  {
    popularityRank: 60, name: "Travis Scott x Air Jordan 1 Low OG 'Canary' (Women's)", brand: 'Jordan', model: 'Air Jordan 1 Low',
    colorway: 'Canary/Black/Sail', styleCode: 'DZ4137-700', releaseDate: '2024-10-30',
    retailPrice: 150, marketPrice: 460, priceRangeLow: 380, priceRangeHigh: 620, sizes: WOMENS_RUN,
    palette: { upper: '#efe9dc', overlay: '#f2c230', sole: '#efe6d2', accent: '#151515', laces: '#efe9dc' },
  },
];
