import { Crown, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';

/** Made-up figures that show what the page holds. Never a member's data, and labelled as such. */
const SAMPLE = [
  { label: 'Total value', value: '$4,250.00' },
  { label: 'Growth (30d)', value: '+8.4%' },
  { label: 'Collection', value: '12 pairs · avg $354.17' },
  { label: 'Risk score', value: '42/100' },
  { label: 'Diversification', value: '68/100' },
  { label: 'Top performer', value: 'Sample pair +21.5%' },
];

/** What a standard member sees: what premium analytics look like, on sample figures, and the way to upgrade. */
export function PortfolioTeaser() {
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <Crown aria-hidden="true" className="size-10 text-premium" />
        <h2 className="font-display text-xl font-extrabold">Portfolio analytics are a premium feature</h2>
        <p className="max-w-prose text-muted">
          Premium members see their collection's value over time, growth, top performer, risk and diversification scores and brand trends, computed
          from the price history of their own sneakers.
        </p>
        <Link href="/membership" className={buttonClasses({ size: 'lg' })}>
          Upgrade Now
        </Link>
      </Card>
      <section aria-labelledby="sample-figures" className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <Lock aria-hidden="true" className="size-4 text-muted" />
          <h2 id="sample-figures" className="font-display text-lg font-extrabold">
            Sample figures
          </h2>
          <Badge>Not your data</Badge>
        </div>
        <p className="text-sm text-muted">An example of what the page shows. These numbers are made up, not taken from your collection.</p>
        <ul aria-label="Sample figures" className="grid gap-4 opacity-70 sm:grid-cols-2 lg:grid-cols-3">
          {SAMPLE.map((s) => (
            <li key={s.label}>
              <Card className="flex flex-col gap-1 p-4">
                <span className="text-xs font-semibold tracking-wide text-muted uppercase">
                  {s.label} <span className="normal-case">(sample)</span>
                </span>
                <span className="font-display text-2xl font-extrabold">{s.value}</span>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
