import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button-classes';
import { LoopsSection } from '../../features/loops/components/loops-section';
import { TradesRoute } from './trades-route';

/** /trades: two-member trades, then loop trades, with the way to the wantlist and matches. */
export function TradesAndLoopsPage() {
  return (
    <>
      <nav aria-label="Wants and matches" className="mx-auto flex w-full max-w-6xl gap-2 px-4 pt-6 sm:px-6">
        <Link href="/wants" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          My Wantlist
        </Link>
        <Link href="/matches" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Matches
        </Link>
      </nav>
      <TradesRoute />
      <LoopsSection />
    </>
  );
}
