import type { PricePoint } from '@soleswap/contracts/catalog';
import { formatUsd } from '../../../lib/format';

interface PriceSparklineProps {
  points: PricePoint[];
  width?: number;
  height?: number;
  className?: string;
}

/**
 * A price line as inline SVG: cheap enough for every card, no chart library. Time runs left to
 * right by the points' real dates; the lowest price sits at the bottom, the highest at the top.
 */
export function PriceSparkline({ points, width = 160, height = 40, className }: PriceSparklineProps) {
  if (points.length < 2) return null;
  const times = points.map((p) => new Date(p.at).getTime());
  const prices = points.map((p) => Number(p.price));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [lo, hi] = [Math.min(...prices), Math.max(...prices)];
  const x = (t: number) => (t1 === t0 ? 0 : ((t - t0) / (t1 - t0)) * (width - 2) + 1);
  const y = (p: number) => (hi === lo ? height / 2 : height - 1 - ((p - lo) / (hi - lo)) * (height - 2));
  const path = points.map((_, i) => `${i === 0 ? 'M' : 'L'}${x(times[i]!).toFixed(1)},${y(prices[i]!).toFixed(1)}`).join(' ');
  const rising = prices[prices.length - 1]! >= prices[0]!;
  return (
    <svg
      role="img"
      aria-label={`Price history from ${formatUsd(prices[0]!)} to ${formatUsd(prices[prices.length - 1]!)}, low ${formatUsd(lo)}, high ${formatUsd(hi)}`}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      className={className}
    >
      <path d={path} fill="none" strokeWidth={1.5} vectorEffect="non-scaling-stroke" className={rising ? 'stroke-success' : 'stroke-destructive'} />
    </svg>
  );
}
