import { stringify } from 'csv-stringify/sync';
import { PORTFOLIO_CSV_COLUMNS, type PortfolioAnalytics, type SneakerMove } from '@soleswap/contracts/analytics';
import type { CollectionSneaker } from './portfolio.repository';

/**
 * The collection as CSV that any spreadsheet opens safely: every field quoted, a byte-order mark
 * so Excel reads UTF-8 names correctly, CRLF line ends, and a text cell starting with = + - @ tab
 * or CR prefixed with ' so it is shown as text, never run as a formula. Money is written as plain
 * dollars ("123.45"): numbers are passed as numbers, which the neutralising leaves alone, so a
 * negative change stays a number a spreadsheet can sum.
 *
 * A pair with no price yet has empty value cells; a pair first priced during the period has no
 * value at its start, so its start value and change are empty rather than guessed.
 */
export function portfolioToCsv(sneakers: CollectionSneaker[], analytics: PortfolioAnalytics): string {
  const moves = new Map<number, SneakerMove>(analytics.state === 'ready' ? analytics.movers.map((m) => [m.sneakerId, m]) : []);
  const rows = sneakers.map((s) => {
    const move = moves.get(s.id);
    const heldAtStart = move && !move.isAddedDuringPeriod;
    return [
      s.name,
      s.brand,
      s.size,
      s.condition,
      move ? move.valueCents : '',
      heldAtStart ? move.baselineCents : '',
      heldAtStart ? move.changeCents : '',
    ];
  });
  return stringify(rows, {
    header: true,
    columns: [...PORTFOLIO_CSV_COLUMNS],
    cast: { number: (cents) => (cents / 100).toFixed(2) },
    quoted: true,
    quoted_empty: true,
    escape_formulas: true,
    bom: true,
    record_delimiter: 'windows',
  });
}
