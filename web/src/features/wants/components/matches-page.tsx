import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { VerdictBadge } from '../../../components/verdict/verdict-badge';
import { useMatches } from '../api/wants';

/** /matches: direct swaps and trade loops waiting for the member, best first. */
export function MatchesPage() {
  const matches = useMatches();
  if (matches.isLoading) return <PageSpinner label="Looking for matches" />;
  const { twoWay = [], loops = [] } = matches.data ?? {};
  return (
    <Page title="Matches" description="Members who own what you want and want what you own.">
      <section className="mb-8 flex flex-col gap-3" aria-labelledby="loops-heading">
        <h2 id="loops-heading" className="font-display text-xl font-extrabold">
          Trade loops for you
        </h2>
        {loops.length === 0 ? <p className="text-muted">No loop is waiting for your answer.</p> : null}
        {loops.map((loop) => (
          <Card key={loop.id} className="flex flex-wrap items-center gap-3 p-4">
            <span className="flex-1">
              A {loop.members}-member loop gets you <strong>{loop.receive?.name ?? 'a pair you want'}</strong>
              {loop.receive ? ` (US ${loop.receive.size}, $${loop.receive.value})` : ''}. Answer by {new Date(loop.acceptBy).toLocaleString()}.
              {loop.receive ? <VerdictBadge verdict={loop.receive.verdict} className="mt-1 flex" /> : null}
            </span>
            <Link href="/trades" className={buttonClasses({ size: 'sm' })}>
              Review loop
            </Link>
          </Card>
        ))}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="swaps-heading">
        <h2 id="swaps-heading" className="font-display text-xl font-extrabold">
          Direct swaps
        </h2>
        {twoWay.length === 0 ? <p className="text-muted">No direct swap right now. Add wants to find more.</p> : null}
        {twoWay.map((m) => (
          <Card key={`${m.give.id}-${m.receive.id}`} className="flex flex-wrap items-center gap-3 p-4">
            <span className="flex-1">
              Give <strong>{m.give.name}</strong> (${m.give.value}) to {m.member.username ?? 'a member'} for <strong>{m.receive.name}</strong> ($
              {m.receive.value}) · your #{m.receiveRank} want
              <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs">
                <span className="inline-flex items-center gap-1.5">
                  You give: <VerdictBadge verdict={m.give.verdict} />
                </span>
                <span className="inline-flex items-center gap-1.5">
                  You get: <VerdictBadge verdict={m.receive.verdict} />
                </span>
              </span>
            </span>
            <Link href={m.proposeUrl} className={buttonClasses({ size: 'sm' })}>
              Propose trade
            </Link>
          </Card>
        ))}
      </section>
    </Page>
  );
}
