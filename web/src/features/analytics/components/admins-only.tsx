import { ShieldAlert } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** What a visitor or member sees on an admin page: the server said 401 or 403. */
export function AdminsOnly({ signedIn }: { signedIn: boolean }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-2 p-10 text-center">
      <ShieldAlert aria-hidden="true" className="size-8 text-warning" />
      <h2 className="font-display text-xl font-extrabold">Admins only</h2>
      <p className="text-muted">{signedIn ? 'Your account is not an admin account.' : 'Log in with an admin account to see this page.'}</p>
    </Card>
  );
}
