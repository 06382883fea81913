import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { env } from '../../../env';

/**
 * /simple-backup: a static "launching soon" page. Its e-mail box is
 * deliberately inert (see docs/web-client.md#screens-and-routes); the working form is on /coming-soon.
 */
export function SimpleBackupPage() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-6 px-4 text-center">
      <span className="font-display font-extrabold text-lg text-accent">{env.VITE_PRODUCT_NAME}</span>
      <h1 className="font-display font-extrabold text-4xl tracking-tight">Launching soon</h1>
      <p className="text-muted">The sneaker-for-sneaker trading community is almost ready.</p>
      <div className="flex w-full flex-col gap-1.5 text-left">
        <Label htmlFor="simple-backup-email">Email</Label>
        <Input id="simple-backup-email" type="email" placeholder="you@example.com" autoComplete="email" />
      </div>
    </div>
  );
}
