import { UserX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';

/** Shown when the profile's user does not exist ('User not found'; see docs/web-client.md#messages). */
export function ProfileNotFound() {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-10 text-center">
      <UserX aria-hidden="true" className="size-10 text-muted" />
      <h1 className="font-display font-extrabold text-xl">User not found</h1>
      <p className="text-sm text-muted">The user you're looking for doesn't exist.</p>
      <Link href="/browse" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        Browse sneakers
      </Link>
    </Card>
  );
}
