import { ShieldAlert } from 'lucide-react';
import { Page } from '../../../components/layout/page';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';

/** The server refused: a visitor (401) or a member who is not an admin (403). */
export const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** What an admin page shows to anyone else: the route exists, the data does not. */
export function AdminsOnly({ title, what }: { title: string; what: string }) {
  return (
    <Page title={title}>
      <Card role="alert" className="flex flex-col items-center gap-2 p-10 text-center">
        <ShieldAlert aria-hidden="true" className="size-8 text-warning" />
        <h2 className="font-display text-xl font-extrabold">Admins only</h2>
        <p className="text-muted">Log in with an admin account to see {what}.</p>
      </Card>
    </Page>
  );
}
