import type { CatalogReleaseSeed } from '../catalog-release-seed';
import { MENS_RUN, UNISEX_RUN, WOMENS_RUN } from './size-runs';

/**
 * Nike (including SB and Kobe) releases of 2024–2025. "checked" entries match public
 * StockX/Nike listings; the rest come from recall with approximate release dates.
 * Market prices are typical resale levels, not live quotes.
 */
export const NIKE_RELEASES: CatalogReleaseSeed[] = [
  // checked
  {
    popularityRank: 7, name: "Nike Kobe 4 Protro 'Girl Dad'", brand: 'Nike', model: 'Kobe 4 Protro',
    colorway: 'Bicoastal/Black/Metallic Silver', styleCode: 'FQ3545-300', releaseDate: '2024-06-07',
    retailPrice: 190, marketPrice: 285, priceRangeLow: 240, priceRangeHigh: 360, sizes: MENS_RUN,
    palette: { upper: '#4f7d73', overlay: '#3e6a61', sole: '#1a1a1a', accent: '#c9ccd1', laces: '#4f7d73' },
  },
  {
    popularityRank: 14, name: "Nike Kobe 5 Protro 'Year of the Mamba Eggplant'", brand: 'Nike', model: 'Kobe 5 Protro',
    colorway: 'Eggplant/Black/Metallic Gold', styleCode: 'IB4481-500', releaseDate: '2025-01-09',
    retailPrice: 190, marketPrice: 240, priceRangeLow: 205, priceRangeHigh: 310, sizes: MENS_RUN,
    palette: { upper: '#3d2347', overlay: '#1a1a1a', sole: '#1a1a1a', accent: '#c9a54a', laces: '#3d2347' },
  },
  {
    popularityRank: 17, name: "Wu-Tang Clan x Nike Dunk High 'Wu-Tang' (2024)", brand: 'Nike', model: 'Dunk High',
    colorway: 'Black/Pollen/White', styleCode: 'HJ4320-001', releaseDate: '2024-09-11',
    retailPrice: 140, marketPrice: 190, priceRangeLow: 160, priceRangeHigh: 250, sizes: MENS_RUN,
    palette: { upper: '#141414', overlay: '#f2c12e', sole: '#f5f5f2', accent: '#f2c12e', laces: '#141414' },
  },
  {
    popularityRank: 22, name: "Nike Kobe 6 Protro 'Sail All-Star'", brand: 'Nike', model: 'Kobe 6 Protro',
    colorway: 'Sail/Black/Light Bone', styleCode: 'FQ3546-100', releaseDate: '2025-02-13',
    retailPrice: 190, marketPrice: 215, priceRangeLow: 185, priceRangeHigh: 280, sizes: MENS_RUN,
    palette: { upper: '#efe9dc', overlay: '#ddd5c3', sole: '#efe9dc', accent: '#151515', laces: '#efe9dc' },
  },
  {
    popularityRank: 25, name: "Futura Laboratories x Nike SB Dunk Low 'Bleached Aqua'", brand: 'Nike', model: 'SB Dunk Low',
    colorway: 'Bleached Aqua/Black/White', styleCode: 'HF6061-400', releaseDate: '2024-05-29',
    retailPrice: 130, marketPrice: 270, priceRangeLow: 225, priceRangeHigh: 360, sizes: MENS_RUN,
    palette: { upper: '#8fd3d0', overlay: '#b9bdc4', sole: '#f5f5f2', accent: '#1a1a1a', laces: '#8fd3d0' },
  },
  {
    popularityRank: 27, name: "Nike Kobe 8 Protro 'What The' (2025)", brand: 'Nike', model: 'Kobe 8 Protro',
    colorway: 'Multi-Color/Multi-Color', styleCode: 'HM9621-900', releaseDate: '2025-04-13',
    retailPrice: 180, marketPrice: 230, priceRangeLow: 195, priceRangeHigh: 300, sizes: MENS_RUN,
    palette: { upper: '#7a3fb8', overlay: '#f0c419', sole: '#2bb673', accent: '#e8432f', laces: '#1a1a1a' },
  },
  {
    popularityRank: 30, name: "Supreme x Nike Air Max 1 '87 SP 'Varsity Purple'", brand: 'Nike', model: 'Air Max 1',
    colorway: 'Varsity Purple/White/Varsity Purple', styleCode: 'HF8813-500', releaseDate: '2025-03-20',
    retailPrice: 170, marketPrice: 172, priceRangeLow: 150, priceRangeHigh: 220, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#4b2a84', sole: '#f5f5f2', accent: '#4b2a84', laces: '#f5f5f2' },
  },
  {
    popularityRank: 33, name: "Nike Kobe 4 Protro 'Gold Medal'", brand: 'Nike', model: 'Kobe 4 Protro',
    colorway: 'White/Dark Obsidian/Varsity Red/Metallic Gold', styleCode: 'FQ3544-100', releaseDate: '2024-08-06',
    retailPrice: 190, marketPrice: 225, priceRangeLow: 190, priceRangeHigh: 290, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#1f2a44', sole: '#f5f5f2', accent: '#c9a54a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 37, name: "Nike Zoom Vomero 5 'Luminous Green' (Women's)", brand: 'Nike', model: 'Zoom Vomero 5',
    colorway: 'Luminous Green/Sail/Metallic Silver/Black', styleCode: 'FN3673-300', releaseDate: '2024-05-14',
    retailPrice: 160, marketPrice: 150, priceRangeLow: 125, priceRangeHigh: 195, sizes: WOMENS_RUN,
    palette: { upper: '#b8e04a', overlay: '#efe9dc', sole: '#efe9dc', accent: '#c0c4ca', laces: '#efe9dc' },
  },
  {
    popularityRank: 42, name: "Nike Kobe 8 Protro 'Court Purple'", brand: 'Nike', model: 'Kobe 8 Protro',
    colorway: 'White/Court Purple/White', styleCode: 'FQ3549-100', releaseDate: '2024-08-02',
    retailPrice: 180, marketPrice: 195, priceRangeLow: 165, priceRangeHigh: 250, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#e9e9e6', sole: '#f5f5f2', accent: '#552583', laces: '#f5f5f2' },
  },
  {
    popularityRank: 44, name: "Nike Dunk Low Retro 'University Blue' (2024)", brand: 'Nike', model: 'Dunk Low',
    colorway: 'Coconut Milk/Gym Red/Sail/University Blue', styleCode: 'DV0833-113', releaseDate: '2024-10-01',
    retailPrice: 115, marketPrice: 120, priceRangeLow: 100, priceRangeHigh: 150, sizes: MENS_RUN,
    palette: { upper: '#efe6d2', overlay: '#9bc4e2', sole: '#efe9dc', accent: '#b3122a', laces: '#efe6d2' },
  },
  {
    popularityRank: 46, name: "Nike Kobe 8 Protro 'Lakers Home'", brand: 'Nike', model: 'Kobe 8 Protro',
    colorway: 'White/University Gold/Court Purple', styleCode: 'HF9550-100', releaseDate: '2024-09-06',
    retailPrice: 180, marketPrice: 205, priceRangeLow: 175, priceRangeHigh: 260, sizes: MENS_RUN,
    palette: { upper: '#f5f5f2', overlay: '#fdb927', sole: '#f5f5f2', accent: '#552583', laces: '#f5f5f2' },
  },
  {
    popularityRank: 51, name: "Nike Kobe 8 Protro 'Wolf Grey'", brand: 'Nike', model: 'Kobe 8 Protro',
    colorway: 'Wolf Grey/White', styleCode: 'HF9550-002', releaseDate: '2024-09-06',
    retailPrice: 180, marketPrice: 190, priceRangeLow: 160, priceRangeHigh: 240, sizes: MENS_RUN,
    palette: { upper: '#a3a6ab', overlay: '#c4c7cb', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#a3a6ab' },
  },
  // from recall: style codes match public listings, release dates are approximate
  {
    popularityRank: 53, name: "Nike Kobe 6 Protro 'Italian Camo'", brand: 'Nike', model: 'Kobe 6 Protro',
    colorway: 'Multi-Color/Black/Gold', styleCode: 'FQ3546-001', releaseDate: '2024-08-24',
    retailPrice: 190, marketPrice: 255, priceRangeLow: 215, priceRangeHigh: 330, sizes: MENS_RUN,
    palette: { upper: '#5a6b3c', overlay: '#8b7d4f', sole: '#1a1a1a', accent: '#c9a54a', laces: '#1a1a1a' },
  },
  {
    popularityRank: 56, name: "Nike Kobe 4 Protro 'Philly'", brand: 'Nike', model: 'Kobe 4 Protro',
    colorway: 'Varsity Royal/Varsity Red/White', styleCode: 'FQ3545-400', releaseDate: '2024-04-13',
    retailPrice: 190, marketPrice: 205, priceRangeLow: 175, priceRangeHigh: 265, sizes: MENS_RUN,
    palette: { upper: '#1d428a', overlay: '#174086', sole: '#f5f5f2', accent: '#c8102e', laces: '#1d428a' },
  },
  {
    popularityRank: 58, name: "Nike SB Dunk Low Pro 'Rayssa Leal'", brand: 'Nike', model: 'SB Dunk Low',
    colorway: 'Pure Platinum/Vivid Purple/Black', styleCode: 'FZ5251-001', releaseDate: '2024-05-10',
    retailPrice: 125, marketPrice: 180, priceRangeLow: 150, priceRangeHigh: 240, sizes: MENS_RUN,
    palette: { upper: '#d6d7d9', overlay: '#8e4fd1', sole: '#f5f5f2', accent: '#1a1a1a', laces: '#d6d7d9' },
  },
  {
    popularityRank: 61, name: "Nike SB Dunk Low 'Big Money Savings'", brand: 'Nike', model: 'SB Dunk Low',
    colorway: 'Light Khaki/Black/Varsity Red', styleCode: 'FZ3129-200', releaseDate: '2024-04-22',
    retailPrice: 125, marketPrice: 165, priceRangeLow: 135, priceRangeHigh: 215, sizes: MENS_RUN,
    palette: { upper: '#cdbb92', overlay: '#2c6e49', sole: '#f5f5f2', accent: '#b3122a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 63, name: "Nike Zoom Vomero 5 'Oatmeal'", brand: 'Nike', model: 'Zoom Vomero 5',
    colorway: 'Oatmeal/Pale Ivory/Sail/Light Chocolate', styleCode: 'HF1553-200', releaseDate: '2024-03-01',
    retailPrice: 160, marketPrice: 170, priceRangeLow: 145, priceRangeHigh: 210, sizes: UNISEX_RUN,
    palette: { upper: '#d9ccb4', overlay: '#f0e8d6', sole: '#efe9dc', accent: '#7b5a44', laces: '#efe9dc' },
  },
  {
    popularityRank: 65, name: "Nike Zoom Vomero 5 'Summit White Metallic Silver'", brand: 'Nike', model: 'Zoom Vomero 5',
    colorway: 'Summit White/Light Smoke Grey/Smoke Grey/Metallic Silver', styleCode: 'IM2219-121', releaseDate: '2025-08-05',
    retailPrice: 170, marketPrice: 175, priceRangeLow: 150, priceRangeHigh: 215, sizes: UNISEX_RUN,
    palette: { upper: '#f3f1ea', overlay: '#c7c9cc', sole: '#f3f1ea', accent: '#9ea2a8', laces: '#f3f1ea' },
  },
  {
    popularityRank: 67, name: "Nike Kobe 8 Protro 'Lakers Away'", brand: 'Nike', model: 'Kobe 8 Protro',
    colorway: 'Black/Court Purple/University Gold', styleCode: 'HF9550-001', releaseDate: '2024-10-11',
    retailPrice: 180, marketPrice: 200, priceRangeLow: 170, priceRangeHigh: 255, sizes: MENS_RUN,
    palette: { upper: '#161616', overlay: '#552583', sole: '#1a1a1a', accent: '#fdb927', laces: '#161616' },
  },
  {
    popularityRank: 69, name: "Jacquemus x Nike Moon Shoe SP 'Soft Pearl' (Women's)", brand: 'Nike', model: 'Moon Shoe',
    colorway: 'Soft Pearl/Sail', styleCode: 'HV8547-002', releaseDate: '2025-05-22',
    retailPrice: 160, marketPrice: 230, priceRangeLow: 190, priceRangeHigh: 300, sizes: WOMENS_RUN,
    palette: { upper: '#e9e2d6', overlay: '#f4efe6', sole: '#f4efe6', accent: '#bfb5a5', laces: '#e9e2d6' },
  },
];
