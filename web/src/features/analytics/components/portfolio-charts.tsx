import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BrandFigure, ReadyPortfolioAnalytics, SneakerMove } from '@soleswap/contracts/analytics';

// recharts is imported only here, and this file is loaded lazily by the portfolio page, so the
// library reaches the browser only when a premium member's figures are on screen.

const COLORS = ['#ff5a1f', '#5b8def', '#30a46c', '#f5a524', '#a78bfa', '#2dd4bf', '#e5484d', '#f5c542', '#a3a3ad', '#f472b6'];
const GAIN = '#30a46c';
const LOSS = '#e5484d';
const AXIS = { stroke: '#a3a3ad', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1f1f24', border: '1px solid #2e2e35', borderRadius: 12 }, labelStyle: { color: '#f5f5f4' } };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdShort = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dollars = (cents: number) => cents / 100;

/** The collection's value on each day of the period. */
export function ValueOverTimeChart({ series }: { series: ReadyPortfolioAnalytics['series'] }) {
  const data = series.map((p) => ({ label: dayLabel.format(new Date(`${p.date}T00:00:00Z`)), value: dollars(p.valueCents) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ left: 0, right: 8 }}>
        <defs>
          <linearGradient id="portfolio-value" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={COLORS[0]} stopOpacity={0.4} />
            <stop offset="100%" stopColor={COLORS[0]} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="#2e2e35" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
        <YAxis tick={AXIS} width={64} tickFormatter={(v: number) => usdShort.format(v)} />
        <Tooltip {...TOOLTIP} formatter={(v) => [usd.format(Number(v)), 'Value']} />
        <Area type="monotone" dataKey="value" stroke={COLORS[0]} fill="url(#portfolio-value)" strokeWidth={2} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Share of today's value per brand. */
export function BrandSplitChart({ brands }: { brands: BrandFigure[] }) {
  const data = brands.map((b) => ({ name: b.brand, value: dollars(b.valueCents) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius={50} outerRadius={85} paddingAngle={2} isAnimationActive={false}>
          {data.map((entry, i) => (
            <Cell key={entry.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip {...TOOLTIP} formatter={(v) => usd.format(Number(v))} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Characters of a pair's name that fit beside its bar on one line (the list under the chart has the whole name). */
const MOVER_LABEL_CHARS = 18;
const shortLabel = (name: string) => (name.length > MOVER_LABEL_CHARS ? `${name.slice(0, MOVER_LABEL_CHARS - 1).trimEnd()}…` : name);

/**
 * A mover's name on one line, shortened to fit: recharts wraps a long name onto several lines,
 * which spill into the next bar's label. The whole name is its tooltip.
 */
function MoverTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? '');
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fill={AXIS.stroke} fontSize={AXIS.fontSize}>
      <title>{name}</title>
      {shortLabel(name)}
    </text>
  );
}

/** Each pair's change over the period in percent: gains green, losses red. */
export function MoversChart({ movers }: { movers: SneakerMove[] }) {
  const data = movers.map((m) => ({ id: m.sneakerId, name: m.name, change: m.changePercent ?? 0 }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, data.length * 32)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => `${v}%`} />
        {/* interval 0: every bar keeps its name (one line each fits a 32 px row), none dropped as crowded. */}
        <YAxis type="category" dataKey="name" width={132} interval={0} tick={<MoverTick />} />
        <Tooltip {...TOOLTIP} cursor={{ fill: '#1f1f24' }} formatter={(v) => [`${Number(v)}%`, 'Change']} />
        <Bar dataKey="change" radius={[0, 4, 4, 0]} isAnimationActive={false}>
          {data.map((entry) => (
            <Cell key={entry.id} fill={entry.change < 0 ? LOSS : GAIN} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
