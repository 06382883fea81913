import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SiteStats } from '@soleswap/contracts/analytics';

// recharts is imported only from this page's files, so it lands in the page's own lazy chunk.

const COLORS = ['#ff5a1f', '#30a46c', '#f5a524', '#5b8def', '#e5484d', '#a78bfa', '#2dd4bf', '#f5c542', '#a3a3ad', '#f472b6'];
const AXIS = { stroke: '#a3a3ad', fontSize: 12 };
const TOOLTIP = { contentStyle: { background: '#1f1f24', border: '1px solid #2e2e35', borderRadius: 12 }, labelStyle: { color: '#f5f5f4' } };

const hourLabel = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Visits per hour (up to 48 h) or per UTC day. */
export function VisitsOverTimeChart({ stats }: { stats: SiteStats }) {
  const format = (start: string) => (stats.bucket === 'hour' ? hourLabel : dayLabel).format(new Date(start));
  const data = stats.visitsOverTime.map((b) => ({ label: format(b.start), Visits: b.visits, 'Page views': b.pageViews }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ left: -20, right: 8 }}>
        <CartesianGrid stroke="#2e2e35" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS} />
        <Tooltip {...TOOLTIP} />
        <Bar dataKey="Visits" fill={COLORS[0]} radius={[4, 4, 0, 0]} />
        <Bar dataKey="Page views" fill={COLORS[3]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, largest first: top pages and browsers. */
export function CountBarChart({ data }: { data: Array<{ name: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, data.length * 32)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey="name" width={120} tick={AXIS} />
        <Tooltip {...TOOLTIP} cursor={{ fill: '#1f1f24' }} />
        <Bar dataKey="count" fill={COLORS[0]} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Share of visits per device type. */
export function DevicePieChart({ data }: { data: Array<{ name: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart>
        <Pie data={data} dataKey="count" nameKey="name" innerRadius={50} outerRadius={85} paddingAngle={2}>
          {data.map((entry, i) => (
            <Cell key={entry.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip {...TOOLTIP} />
      </PieChart>
    </ResponsiveContainer>
  );
}
