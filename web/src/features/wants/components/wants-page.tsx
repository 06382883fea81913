import { Link } from 'wouter';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button-classes';
import { PageSpinner } from '../../../components/ui/spinner';
import { useWants } from '../api/wants';
import { AddWantForm } from './add-want-form';
import { WantList } from './want-list';

/** /wants: the member's ranked wantlist. */
export function WantsPage() {
  const wants = useWants();
  return (
    <Page
      title="My Wantlist"
      description="The releases you are hunting, first choice first. We look for swaps and trade loops that get them to you."
      actions={
        <Link href="/matches" className={buttonClasses({ variant: 'outline' })}>
          See matches
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        {wants.isLoading ? <PageSpinner label="Loading your wantlist" /> : <WantList wants={wants.data ?? []} />}
        <AddWantForm />
      </div>
    </Page>
  );
}
