import type { User } from '@soleswap/contracts/users';
import { greetingName } from '../user-names';
import { VerifiedTag } from './verified-tag';

const DEFAULT_BIO = 'Ready to make some trades?';

/** The home page greeting: name, the VERIFIED tag (or, for a premium member, what it still needs), and bio. */
export function WelcomeBanner({ user }: { user: User }) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-2xl border border-border bg-gradient-to-br from-surface-raised via-surface to-background p-6 sm:p-8"
    >
      <div aria-hidden="true" className="absolute -top-16 -right-16 size-56 rounded-full bg-accent/20 blur-3xl" />
      <div className="relative flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="welcome-heading" className="font-display font-extrabold text-2xl tracking-tight sm:text-4xl">
            Welcome back, {greetingName(user)}!
          </h1>
          <VerifiedTag user={user} />
        </div>
        <p className="max-w-2xl text-muted">{user.bio?.trim() || DEFAULT_BIO}</p>
      </div>
    </section>
  );
}
