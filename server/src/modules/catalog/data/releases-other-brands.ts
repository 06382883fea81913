import type { CatalogReleaseSeed } from '../catalog-release-seed';
import { MENS_RUN, UNISEX_RUN, WHOLE_SIZE_RUN } from './size-runs';

/**
 * adidas, Yeezy, New Balance, ASICS, Puma, Converse, Vans, Reebok and other brands.
 * The first block is checked against public listings and launch coverage; the second
 * block holds the general releases that sold most in 2024–2025, whose release date is the
 * approximate date of that colorway's 2024/2025 release or restock wave.
 * Market prices are typical resale levels, not live quotes.
 */
export const OTHER_BRAND_RELEASES: CatalogReleaseSeed[] = [
  // checked
  {
    popularityRank: 11, name: "adidas SL 72 OG 'Core Black'", brand: 'Adidas', model: 'SL 72 OG',
    colorway: 'Core Black/Cloud White/Carbon', styleCode: 'JH7390', releaseDate: '2024-07-15',
    retailPrice: 100, marketPrice: 105, priceRangeLow: 88, priceRangeHigh: 140, sizes: UNISEX_RUN,
    palette: { upper: '#1a1a1a', overlay: '#3a3b3d', sole: '#f1eee6', accent: '#f5f5f2', laces: '#1a1a1a' },
  },
  {
    popularityRank: 19, name: "New Balance 204L 'Mushroom'", brand: 'New Balance', model: '204L',
    colorway: 'Mushroom/Arid Stone', styleCode: 'U204LMMA', releaseDate: '2024-07-30',
    retailPrice: 110, marketPrice: 130, priceRangeLow: 110, priceRangeHigh: 170, sizes: UNISEX_RUN,
    palette: { upper: '#6e5443', overlay: '#8a6c55', sole: '#d8ccb4', accent: '#efe6d2', laces: '#efe6d2' },
  },
  {
    popularityRank: 26, name: "Puma Speedcat OG 'Red White'", brand: 'Puma', model: 'Speedcat OG',
    colorway: 'For All Time Red/Puma White', styleCode: '398846-02', releaseDate: '2024-06-29',
    retailPrice: 100, marketPrice: 118, priceRangeLow: 95, priceRangeHigh: 160, sizes: UNISEX_RUN,
    palette: { upper: '#c8102e', overlay: '#b00e28', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#c8102e' },
  },
  {
    popularityRank: 35, name: "adidas SL 72 RS 'Blue Better Scarlet'", brand: 'Adidas', model: 'SL 72 RS',
    colorway: 'Blue/Core White/Better Scarlet', styleCode: 'IG2132', releaseDate: '2024-03-28',
    retailPrice: 100, marketPrice: 95, priceRangeLow: 80, priceRangeHigh: 125, sizes: UNISEX_RUN,
    palette: { upper: '#1f5fbf', overlay: '#f5f5f2', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#f5f5f2' },
  },
  {
    popularityRank: 40, name: "Puma Speedcat OG 'Black White'", brand: 'Puma', model: 'Speedcat OG',
    colorway: 'Puma Black/Puma White', styleCode: '398846-01', releaseDate: '2024-06-29',
    retailPrice: 100, marketPrice: 112, priceRangeLow: 92, priceRangeHigh: 150, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#222222', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#161616' },
  },
  {
    popularityRank: 52, name: "adidas SL 72 RS 'Cloud White Spark'", brand: 'Adidas', model: 'SL 72 RS',
    colorway: 'Cloud White/Core Black/Spark', styleCode: 'IH4823', releaseDate: '2024-07-15',
    retailPrice: 100, marketPrice: 90, priceRangeLow: 75, priceRangeHigh: 120, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#f2d43a', sole: '#f5f5f2', accent: '#1a1a1a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 54, name: "adidas SL 72 RS 'Spark Core Black'", brand: 'Adidas', model: 'SL 72 RS',
    colorway: 'Spark/Core Black/Cloud White', styleCode: 'IH7912', releaseDate: '2024-07-15',
    retailPrice: 100, marketPrice: 92, priceRangeLow: 78, priceRangeHigh: 125, sizes: UNISEX_RUN,
    palette: { upper: '#f2d43a', overlay: '#1a1a1a', sole: '#f5f5f2', accent: '#1a1a1a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 59, name: "adidas Gazelle Indoor 'Blue Bird'", brand: 'Adidas', model: 'Gazelle Indoor',
    colorway: 'Blue Bird/Cloud White/Gum', styleCode: 'JI2061', releaseDate: '2024-01-30',
    retailPrice: 120, marketPrice: 125, priceRangeLow: 105, priceRangeHigh: 160, sizes: UNISEX_RUN,
    palette: { upper: '#5b8fd1', overlay: '#4f80c2', sole: '#b7844e', accent: '#f5f5f2', laces: '#f5f5f2' },
  },
  {
    popularityRank: 62, name: "Fear of God Athletics x adidas Basketball 2 'Ash Silver'", brand: 'Adidas', model: 'Fear of God Athletics Basketball 2',
    colorway: 'Ash Silver/Ash Silver/Ash Silver', styleCode: 'JS0979', releaseDate: '2025-09-17',
    retailPrice: 180, marketPrice: 160, priceRangeLow: 130, priceRangeHigh: 210, sizes: MENS_RUN,
    palette: { upper: '#b9b7ae', overlay: '#a9a79e', sole: '#cfcdc4', accent: '#8f8d85', laces: '#b9b7ae' },
  },
  // general releases: approximate 2024/2025 release or restock dates
  {
    popularityRank: 29, name: "ASICS GT-2160 'Oyster Grey'", brand: 'ASICS', model: 'GT-2160',
    colorway: 'Oyster Grey/Carbon', styleCode: '1203A320-020', releaseDate: '2024-01-15',
    retailPrice: 120, marketPrice: 128, priceRangeLow: 110, priceRangeHigh: 160, sizes: UNISEX_RUN,
    palette: { upper: '#c9c6bd', overlay: '#9ea1a6', sole: '#f1eee6', accent: '#4a4d52', laces: '#c9c6bd' },
  },
  {
    popularityRank: 64, name: "New Balance 1906R 'Silver Metallic'", brand: 'New Balance', model: '1906R',
    colorway: 'Silver Metallic/Sea Salt', styleCode: 'M1906REE', releaseDate: '2024-04-12',
    retailPrice: 155, marketPrice: 165, priceRangeLow: 140, priceRangeHigh: 205, sizes: UNISEX_RUN,
    palette: { upper: '#c3c6cb', overlay: '#e9e6de', sole: '#f1eee6', accent: '#8e939a', laces: '#e9e6de' },
  },
  {
    popularityRank: 66, name: "New Balance 9060 'Rain Cloud'", brand: 'New Balance', model: '9060',
    colorway: 'Rain Cloud/Castlerock/Grey', styleCode: 'U9060GRY', releaseDate: '2024-02-09',
    retailPrice: 150, marketPrice: 160, priceRangeLow: 140, priceRangeHigh: 200, sizes: UNISEX_RUN,
    palette: { upper: '#b5b7b9', overlay: '#8d9094', sole: '#dcdcd8', accent: '#5d6166', laces: '#b5b7b9' },
  },
  {
    popularityRank: 68, name: "ASICS Gel-1130 'Black Pure Silver'", brand: 'ASICS', model: 'Gel-1130',
    colorway: 'Black/Pure Silver', styleCode: '1201A256-002', releaseDate: '2024-03-15',
    retailPrice: 110, marketPrice: 140, priceRangeLow: 115, priceRangeHigh: 175, sizes: UNISEX_RUN,
    palette: { upper: '#1c1c1e', overlay: '#b9bcc1', sole: '#f1eee6', accent: '#c9ccd1', laces: '#1c1c1e' },
  },
  {
    popularityRank: 70, name: "ASICS Gel-Kayano 14 'Cream Black'", brand: 'ASICS', model: 'Gel-Kayano 14',
    colorway: 'Cream/Black/Metallic Plum', styleCode: '1201A019-108', releaseDate: '2024-05-03',
    retailPrice: 150, marketPrice: 175, priceRangeLow: 150, priceRangeHigh: 225, sizes: UNISEX_RUN,
    palette: { upper: '#ece6da', overlay: '#c9ccd1', sole: '#f1eee6', accent: '#161616', laces: '#ece6da' },
  },
  {
    popularityRank: 71, name: "New Balance 9060 'Black Castlerock'", brand: 'New Balance', model: '9060',
    colorway: 'Black/Castlerock/Grey', styleCode: 'U9060BLK', releaseDate: '2024-09-13',
    retailPrice: 150, marketPrice: 158, priceRangeLow: 138, priceRangeHigh: 195, sizes: UNISEX_RUN,
    palette: { upper: '#1c1c1e', overlay: '#5d6166', sole: '#3a3b3d', accent: '#8d9094', laces: '#1c1c1e' },
  },
  {
    popularityRank: 72, name: "Converse Chuck 70 Hi 'Black'", brand: 'Converse', model: 'Chuck 70 Hi',
    colorway: 'Black/Black/Egret', styleCode: '162050C', releaseDate: '2024-02-01',
    retailPrice: 90, marketPrice: 85, priceRangeLow: 70, priceRangeHigh: 110, sizes: UNISEX_RUN,
    palette: { upper: '#1a1a1a', overlay: '#1a1a1a', sole: '#efe6d2', accent: '#b3122a', laces: '#efe6d2' },
  },
  {
    popularityRank: 73, name: "Vans Knu Skool 'Black True White'", brand: 'Vans', model: 'Knu Skool',
    colorway: 'Black/True White', styleCode: 'VN0009QC6BT', releaseDate: '2024-03-01',
    retailPrice: 80, marketPrice: 80, priceRangeLow: 65, priceRangeHigh: 105, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#222222', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#161616' },
  },
  {
    popularityRank: 74, name: "New Balance 2002R 'Protection Pack Rain Cloud'", brand: 'New Balance', model: '2002R',
    colorway: 'Rain Cloud/Magnet', styleCode: 'M2002RDA', releaseDate: '2024-10-18',
    retailPrice: 150, marketPrice: 165, priceRangeLow: 140, priceRangeHigh: 215, sizes: UNISEX_RUN,
    palette: { upper: '#a7a9ac', overlay: '#8a8d91', sole: '#e6e4dc', accent: '#5d6166', laces: '#a7a9ac' },
  },
  {
    popularityRank: 75, name: "adidas Samba OG 'Cloud White Core Black'", brand: 'Adidas', model: 'Samba OG',
    colorway: 'Cloud White/Core Black/Clear Granite', styleCode: 'B75806', releaseDate: '2024-01-12',
    retailPrice: 100, marketPrice: 105, priceRangeLow: 90, priceRangeHigh: 135, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#d9d6cf', sole: '#b7844e', accent: '#1a1a1a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 76, name: "adidas Samba OG 'Core Black Gum'", brand: 'Adidas', model: 'Samba OG',
    colorway: 'Core Black/Cloud White/Gum', styleCode: 'B75807', releaseDate: '2024-01-12',
    retailPrice: 100, marketPrice: 110, priceRangeLow: 92, priceRangeHigh: 140, sizes: UNISEX_RUN,
    palette: { upper: '#1a1a1a', overlay: '#2a2a2a', sole: '#b7844e', accent: '#f5f5f2', laces: '#1a1a1a' },
  },
  {
    popularityRank: 77, name: "ASICS Gel-1130 'Clay Canyon'", brand: 'ASICS', model: 'Gel-1130',
    colorway: 'Clay Canyon/Simply Taupe', styleCode: '1201A256-200', releaseDate: '2024-08-16',
    retailPrice: 110, marketPrice: 120, priceRangeLow: 100, priceRangeHigh: 155, sizes: UNISEX_RUN,
    palette: { upper: '#c9a88a', overlay: '#b39b84', sole: '#f1eee6', accent: '#7d6a58', laces: '#c9a88a' },
  },
  {
    popularityRank: 78, name: "Salomon XT-6 'Black Phantom'", brand: 'Other', model: 'Salomon XT-6',
    colorway: 'Black/Black/Phantom', styleCode: 'L41086600', releaseDate: '2024-04-05',
    retailPrice: 200, marketPrice: 190, priceRangeLow: 165, priceRangeHigh: 235, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#2a2a2c', sole: '#1e1e20', accent: '#5d6166', laces: '#161616' },
  },
  {
    popularityRank: 79, name: "New Balance 990v6 Made in USA 'Grey'", brand: 'New Balance', model: '990v6',
    colorway: 'Grey/Grey', styleCode: 'M990GL6', releaseDate: '2024-06-07',
    retailPrice: 200, marketPrice: 205, priceRangeLow: 180, priceRangeHigh: 250, sizes: MENS_RUN,
    palette: { upper: '#9fa1a4', overlay: '#8a8d91', sole: '#e6e4dc', accent: '#c9cbce', laces: '#9fa1a4' },
  },
  {
    popularityRank: 80, name: "Converse Chuck 70 Hi 'Parchment'", brand: 'Converse', model: 'Chuck 70 Hi',
    colorway: 'Parchment/Garnet/Egret', styleCode: '162053C', releaseDate: '2024-02-01',
    retailPrice: 90, marketPrice: 85, priceRangeLow: 70, priceRangeHigh: 110, sizes: UNISEX_RUN,
    palette: { upper: '#efe6d2', overlay: '#efe6d2', sole: '#efe6d2', accent: '#7a1f2b', laces: '#efe6d2' },
  },
  {
    popularityRank: 81, name: "Reebok Club C 85 Vintage 'Chalk Green'", brand: 'Reebok', model: 'Club C 85 Vintage',
    colorway: 'Chalk/Paperwhite/Glen Green', styleCode: 'DV6434', releaseDate: '2024-04-19',
    retailPrice: 90, marketPrice: 88, priceRangeLow: 72, priceRangeHigh: 115, sizes: UNISEX_RUN,
    palette: { upper: '#ece6d8', overlay: '#f3efe6', sole: '#e6dcc8', accent: '#2c6e49', laces: '#ece6d8' },
  },
  {
    popularityRank: 82, name: "Vans Old Skool 'Black White'", brand: 'Vans', model: 'Old Skool',
    colorway: 'Black/White', styleCode: 'VN000D3HY28', releaseDate: '2024-03-01',
    retailPrice: 70, marketPrice: 70, priceRangeLow: 55, priceRangeHigh: 90, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#222222', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#161616' },
  },
  {
    popularityRank: 83, name: "adidas Campus 00s 'Core Black'", brand: 'Adidas', model: 'Campus 00s',
    colorway: 'Core Black/Footwear White/Off White', styleCode: 'HQ8708', releaseDate: '2024-02-23',
    retailPrice: 110, marketPrice: 100, priceRangeLow: 85, priceRangeHigh: 130, sizes: UNISEX_RUN,
    palette: { upper: '#1a1a1a', overlay: '#2a2a2a', sole: '#f1eee6', accent: '#f5f5f2', laces: '#f5f5f2' },
  },
  {
    popularityRank: 84, name: "New Balance 550 'White Green'", brand: 'New Balance', model: '550',
    colorway: 'White/Green', styleCode: 'BB550WT1', releaseDate: '2024-05-17',
    retailPrice: 110, marketPrice: 105, priceRangeLow: 90, priceRangeHigh: 135, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#2c6e49', sole: '#f5f5f2', accent: '#2c6e49', laces: '#f5f5f2' },
  },
  {
    popularityRank: 85, name: "ASICS Gel-Kayano 14 'White Pure Gold'", brand: 'ASICS', model: 'Gel-Kayano 14',
    colorway: 'White/Pure Gold', styleCode: '1201A019-102', releaseDate: '2025-03-21',
    retailPrice: 150, marketPrice: 165, priceRangeLow: 140, priceRangeHigh: 210, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#e4e1d8', sole: '#f5f5f2', accent: '#c9a54a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 86, name: "Salomon XT-6 'Vanilla Ice'", brand: 'Other', model: 'Salomon XT-6',
    colorway: 'Vanilla Ice/Almond Milk/Green Ash', styleCode: 'L41740700', releaseDate: '2024-05-10',
    retailPrice: 200, marketPrice: 205, priceRangeLow: 175, priceRangeHigh: 250, sizes: UNISEX_RUN,
    palette: { upper: '#efe8d6', overlay: '#e2d8c0', sole: '#f1eee6', accent: '#8aa38b', laces: '#efe8d6' },
  },
  {
    popularityRank: 87, name: "Converse Run Star Hike Platform 'Black'", brand: 'Converse', model: 'Run Star Hike',
    colorway: 'Black/White/Gum', styleCode: '166800C', releaseDate: '2024-08-01',
    retailPrice: 110, marketPrice: 100, priceRangeLow: 85, priceRangeHigh: 130, sizes: UNISEX_RUN,
    palette: { upper: '#1a1a1a', overlay: '#1a1a1a', sole: '#f5f5f2', accent: '#b7844e', laces: '#f5f5f2' },
  },
  {
    popularityRank: 88, name: "Puma Suede Classic XXI 'Black White'", brand: 'Puma', model: 'Suede Classic XXI',
    colorway: 'Puma Black/Puma White', styleCode: '374915-01', releaseDate: '2024-09-06',
    retailPrice: 75, marketPrice: 70, priceRangeLow: 55, priceRangeHigh: 90, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#222222', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#161616' },
  },
  {
    popularityRank: 89, name: "Vans Sk8-Hi 'Black White'", brand: 'Vans', model: 'Sk8-Hi',
    colorway: 'Black/White', styleCode: 'VN000D5IB8C', releaseDate: '2024-03-01',
    retailPrice: 80, marketPrice: 78, priceRangeLow: 62, priceRangeHigh: 100, sizes: UNISEX_RUN,
    palette: { upper: '#161616', overlay: '#f5f5f2', sole: '#f5f5f2', accent: '#f5f5f2', laces: '#161616' },
  },
  {
    popularityRank: 90, name: "Reebok Club C 85 'White Green'", brand: 'Reebok', model: 'Club C 85',
    colorway: 'White/Glen Green', styleCode: 'AR0456', releaseDate: '2024-04-19',
    retailPrice: 80, marketPrice: 78, priceRangeLow: 62, priceRangeHigh: 100, sizes: UNISEX_RUN,
    palette: { upper: '#f7f7f4', overlay: '#f7f7f4', sole: '#f7f7f4', accent: '#2c6e49', laces: '#f7f7f4' },
  },
  {
    popularityRank: 91, name: "New Balance 530 'White Silver Navy'", brand: 'New Balance', model: '530',
    colorway: 'White/Natural Indigo/Silver', styleCode: 'MR530SG', releaseDate: '2024-07-12',
    retailPrice: 100, marketPrice: 98, priceRangeLow: 85, priceRangeHigh: 125, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#c4c7cb', sole: '#f5f5f2', accent: '#1f2d4d', laces: '#f5f5f2' },
  },
  {
    popularityRank: 92, name: "adidas Handball Spezial 'Navy Gum'", brand: 'Adidas', model: 'Handball Spezial',
    colorway: 'Collegiate Navy/Clear Sky/Gum', styleCode: 'BD7633', releaseDate: '2024-02-23',
    retailPrice: 100, marketPrice: 110, priceRangeLow: 92, priceRangeHigh: 140, sizes: UNISEX_RUN,
    palette: { upper: '#1f2d4d', overlay: '#263757', sole: '#b7844e', accent: '#9fc7e8', laces: '#f5f5f2' },
  },
  {
    popularityRank: 93, name: "adidas Superstar 'Cloud White Core Black'", brand: 'Adidas', model: 'Superstar',
    colorway: 'Cloud White/Core Black/Cloud White', styleCode: 'EG4958', releaseDate: '2025-02-14',
    retailPrice: 100, marketPrice: 95, priceRangeLow: 80, priceRangeHigh: 120, sizes: UNISEX_RUN,
    palette: { upper: '#f5f5f2', overlay: '#e8e6e0', sole: '#f5f5f2', accent: '#1a1a1a', laces: '#f5f5f2' },
  },
  {
    popularityRank: 94, name: "adidas Gazelle Indoor 'Scarlet'", brand: 'Adidas', model: 'Gazelle Indoor',
    colorway: 'Scarlet/Cloud White/Cloud White', styleCode: 'H06261', releaseDate: '2024-03-08',
    retailPrice: 120, marketPrice: 118, priceRangeLow: 100, priceRangeHigh: 150, sizes: UNISEX_RUN,
    palette: { upper: '#c8102e', overlay: '#b00e28', sole: '#b7844e', accent: '#f5f5f2', laces: '#f5f5f2' },
  },
  {
    popularityRank: 95, name: "adidas Stan Smith 'Cloud White Green'", brand: 'Adidas', model: 'Stan Smith',
    colorway: 'Running White/Running White/Fairway', styleCode: 'M20324', releaseDate: '2024-04-05',
    retailPrice: 100, marketPrice: 90, priceRangeLow: 75, priceRangeHigh: 115, sizes: UNISEX_RUN,
    palette: { upper: '#f7f7f4', overlay: '#f7f7f4', sole: '#f7f7f4', accent: '#1f6b3a', laces: '#f7f7f4' },
  },
  {
    popularityRank: 96, name: "adidas Yeezy Slide 'Onyx' (2024)", brand: 'Yeezy', model: 'Yeezy Slide',
    colorway: 'Onyx/Onyx/Onyx', styleCode: 'HQ6448', releaseDate: '2024-05-29',
    retailPrice: 70, marketPrice: 85, priceRangeLow: 70, priceRangeHigh: 110, sizes: WHOLE_SIZE_RUN,
    palette: { upper: '#2a2a2c', overlay: '#2a2a2c', sole: '#232325', accent: '#3a3a3d', laces: '#2a2a2c' },
  },
  {
    popularityRank: 97, name: "adidas Yeezy Foam RNR 'Onyx' (2024)", brand: 'Yeezy', model: 'Yeezy Foam Runner',
    colorway: 'Onyx/Onyx/Onyx', styleCode: 'HP8739', releaseDate: '2024-05-29',
    retailPrice: 80, marketPrice: 95, priceRangeLow: 80, priceRangeHigh: 125, sizes: WHOLE_SIZE_RUN,
    palette: { upper: '#2a2a2c', overlay: '#2a2a2c', sole: '#232325', accent: '#3a3a3d', laces: '#2a2a2c' },
  },
  {
    popularityRank: 98, name: "adidas Yeezy Boost 350 V2 'Bone' (2024)", brand: 'Yeezy', model: 'Yeezy Boost 350 V2',
    colorway: 'Bone/Bone/Bone', styleCode: 'HQ6316', releaseDate: '2024-08-14',
    retailPrice: 230, marketPrice: 225, priceRangeLow: 195, priceRangeHigh: 280, sizes: UNISEX_RUN,
    palette: { upper: '#ebe6da', overlay: '#e3ddcf', sole: '#f1eee6', accent: '#d8d1c0', laces: '#ebe6da' },
  },
  {
    popularityRank: 99, name: "New Balance 2002R 'Protection Pack Phantom'", brand: 'New Balance', model: '2002R',
    colorway: 'Phantom/Black', styleCode: 'M2002RDB', releaseDate: '2024-10-18',
    retailPrice: 150, marketPrice: 160, priceRangeLow: 135, priceRangeHigh: 210, sizes: UNISEX_RUN,
    palette: { upper: '#2b2c2e', overlay: '#3c3d40', sole: '#d8d6ce', accent: '#7d8085', laces: '#2b2c2e' },
  },
  {
    popularityRank: 100, name: "adidas Handball Spezial 'Light Blue Gum'", brand: 'Adidas', model: 'Handball Spezial',
    colorway: 'Light Blue/Light Blue/Gum', styleCode: 'BD7632', releaseDate: '2025-03-14',
    retailPrice: 100, marketPrice: 105, priceRangeLow: 88, priceRangeHigh: 135, sizes: UNISEX_RUN,
    palette: { upper: '#9fc7e8', overlay: '#8fb8de', sole: '#b7844e', accent: '#f5f5f2', laces: '#f5f5f2' },
  },
];
