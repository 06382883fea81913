import type { EarlySignupInput } from '@soleswap/contracts/early-signups';
import { Clock, Mail, PartyPopper, ShieldCheck, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { env } from '../../../env';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useCreateEarlySignup } from '../api/create-early-signup';
import { useLaunchConfig } from '../api/get-launch-config';

/**
 * The claims once asked for ("500+ early signups", "100% secure", "24/7 authentication") are numbers the
 * product cannot back; docs/decisions/008-honest-copy.md says copy never claims what the code does not do, so these
 * state what every trade really gets.
 */
const CLAIMS: Array<{ icon: ReactNode; value: string; label: string }> = [
  { icon: <ShieldCheck />, value: 'Escrow', label: 'Every swap held until both pairs arrive' },
  { icon: <Clock />, value: 'Ledger', label: 'Every escrow step hash-chained and verifiable' },
  { icon: <Users />, value: '$0', label: 'To list, browse and trade' },
];

// The page is many visitors' first: its checks (and the schema library) load when the form is first used.
const resolver = lazyResolver(() => import('../early-signup-resolver').then((m) => m.earlySignupResolver));

interface EarlyAccessPageProps {
  /** Which page the signup came from; the server defaults to the coming-soon page. */
  source?: string;
  /** The page's own brand-and-"Log in" bar; false for a member, who has the app bar instead. */
  showVisitorHeader?: boolean;
}

/**
 * The early-access page (/coming-soon, /backup-signup, and a visitor's / before launch): leave a
 * name and e-mail. It says "coming soon" only while the server's LAUNCH_STATE is early-access;
 * once trading is open it says so and offers an account instead (docs/decisions/008-honest-copy.md).
 * The confirmation shows even when the server call fails (best effort; see docs/web-client.md#screens-and-routes).
 */
export function EarlyAccessPage({ source, showVisitorHeader = true }: EarlyAccessPageProps) {
  const launch = useLaunchConfig();
  // Unknown until the server answers: no claim either way meanwhile.
  const isTradingOpen = launch.data ? launch.data.launchState === 'open' : null;
  const [isDone, setIsDone] = useState(false);
  const signup = useCreateEarlySignup();
  const form = useForm({ resolver, defaultValues: { name: '', email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values: EarlySignupInput) => {
    signup.mutate({ name: values.name, email: values.email, signupDate: new Date().toISOString(), source }, { onSettled: () => setIsDone(true) });
  });

  return (
    <div className="relative min-h-dvh overflow-hidden">
      <div aria-hidden="true" className="absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-accent/20 blur-3xl" />
      {showVisitorHeader ? (
        <header className="relative mx-auto flex max-w-5xl items-center justify-between px-4 py-5 sm:px-6">
          <span className="font-display font-extrabold text-lg">{env.VITE_PRODUCT_NAME}</span>
          {/* Members skip the waiting list: a full navigation into the sign-in flow. */}
          <a href={LOGIN_PATH} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Log in
          </a>
        </header>
      ) : null}

      <div className="relative mx-auto flex max-w-5xl flex-col items-center gap-10 px-4 pt-8 pb-16 text-center sm:px-6 sm:pt-16">
        <div className="flex flex-col items-center gap-4">
          {isTradingOpen === null ? null : (
            <span className="rounded-full border border-accent/40 px-3 py-1 text-xs font-bold tracking-widest text-accent uppercase">
              {isTradingOpen ? 'Trading is open' : 'Coming soon'}
            </span>
          )}
          <h1 className="max-w-3xl font-display font-extrabold text-4xl leading-tight tracking-tight sm:text-6xl">
            Trade sneakers like currency. No cash needed.
          </h1>
          {isTradingOpen === false ? (
            <p className="max-w-xl text-muted sm:text-lg">
              {env.VITE_PRODUCT_NAME} is a sneaker-for-sneaker trading community. Join the early-access list and we'll let you know the moment trading
              opens.
            </p>
          ) : isTradingOpen ? (
            <>
              <p className="max-w-xl text-muted sm:text-lg">
                {env.VITE_PRODUCT_NAME} is a sneaker-for-sneaker trading community, and trading is open: create a free account to list your pairs and
                trade them. Or leave your name and e-mail below to hear from us.
              </p>
              <a href={LOGIN_PATH} className={buttonClasses({ size: 'lg' })}>
                Create an account
              </a>
            </>
          ) : null}
        </div>

        <Card className="w-full max-w-md p-6 text-left">
          {isDone ? (
            <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
              <PartyPopper aria-hidden="true" className="size-10 text-accent" />
              <h2 className="font-display font-extrabold text-2xl">You're In!</h2>
              <p className="text-muted">
                {isTradingOpen === false
                  ? "Thanks for signing up. We'll e-mail you when early access opens."
                  : "Thanks for signing up. We'll keep you posted by e-mail."}
              </p>
            </div>
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} onFocus={resolver.preload} noValidate className="flex flex-col gap-4">
              <h2 className="font-display font-extrabold text-xl">Get early access</h2>
              <Field label="Name" error={errors.name?.message}>
                <Input autoComplete="name" {...form.register('name')} />
              </Field>
              <Field label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...form.register('email')} />
              </Field>
              <Button type="submit" size="lg" disabled={signup.isPending}>
                {signup.isPending ? 'Joining...' : 'Join the waiting list'}
              </Button>
            </form>
          )}
        </Card>

        <ul className="grid w-full max-w-3xl grid-cols-1 gap-3 sm:grid-cols-3">
          {CLAIMS.map((claim) => (
            <li key={claim.label}>
              <Card className="flex flex-col items-center gap-1 p-5">
                <span aria-hidden="true" className="text-accent [&_svg]:size-6">
                  {claim.icon}
                </span>
                <span className="font-display font-extrabold text-2xl">{claim.value}</span>
                <span className="text-sm text-muted">{claim.label}</span>
              </Card>
            </li>
          ))}
        </ul>

        <p className="flex items-center gap-2 text-sm text-muted">
          <Mail aria-hidden="true" className="size-4" />
          Questions?{' '}
          <a href={`mailto:${env.VITE_CONTACT_EMAIL}`} className="text-foreground underline underline-offset-4">
            {env.VITE_CONTACT_EMAIL}
          </a>
        </p>
      </div>
    </div>
  );
}
