import { VERIFICATION_CHECKS } from '@soleswap/contracts/verification-values';
import { ArrowRight, Fingerprint, Link2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { env } from '../../../env';
import { LOGIN_PATH } from '../../../lib/auth-paths';

const TAGLINE = 'Trade sneakers like currency. No cash needed.';

// Honest names for what the platform really does (see docs/decisions/008-honest-copy.md).
const FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <Link2 />,
    title: 'Ledger-secured trades',
    text: 'Every escrow step is written to a tamper-evident, hash-chained ledger you can check yourself.',
  },
  {
    icon: <Fingerprint />,
    title: 'Smart authentication',
    // What the verifier does (docs/rules/verification.md): the owner runs it; evidence against a pair flags it.
    text: `Owners verify a pair with ${VERIFICATION_CHECKS.length} checks: catalogue, style code, size run, price against the market, replica wording, photo size, another member's photo (even mirrored or cropped), owner history, and weak warning signs taken together. A pair that fails on evidence is flagged, and a trader acknowledges the flag before trading for it.`,
  },
  {
    icon: <Users />,
    title: 'Community Driven',
    text: 'Follow collectors, rate your trading partners and build a reputation that travels with you.',
  },
];

interface LandingPageProps {
  /** The page's own brand-and-"Log In" bar; false for a member, who has the app bar instead. */
  showVisitorHeader?: boolean;
  /** The configured membership price ("$1/month"); the button names no price until it is known. */
  priceText?: string;
}

/** The landing page: a visitor's / while trading is open, /original-landing for visitors, /main-site for everyone. */
export function LandingPage({ showVisitorHeader = true, priceText }: LandingPageProps) {
  const joinLabel = priceText ? `Join Community (${priceText})` : 'Join Community';
  return (
    <div className="flex min-h-dvh flex-col">
      {showVisitorHeader ? (
        <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
          <span className="font-display font-extrabold text-lg">{env.VITE_PRODUCT_NAME}</span>
          {/* /api/login is a server route: a full navigation, not a client-side link. */}
          <a href={LOGIN_PATH} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Log In
          </a>
        </header>
      ) : null}

      <section className="relative overflow-hidden px-4 pt-12 pb-20 text-center sm:px-6 sm:pt-24">
        <div aria-hidden="true" className="absolute -top-32 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-accent/20 blur-3xl" />
        <div className="relative mx-auto flex max-w-3xl flex-col items-center gap-6">
          <h1 className="font-display font-extrabold text-4xl leading-tight tracking-tight sm:text-6xl">{TAGLINE}</h1>
          <p className="max-w-xl text-muted sm:text-lg">
            Keep your collection in one locker, swap pairs with collectors sneaker for sneaker, and chat with your trading partner while escrow holds
            both sides.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <a href={LOGIN_PATH} className={buttonClasses({ size: 'lg' })}>
              Start Trading
              <ArrowRight aria-hidden="true" />
            </a>
            <Link href="/membership" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {joinLabel}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <Card className="flex h-full flex-col gap-3 p-6">
                <span aria-hidden="true" className="w-fit rounded-xl bg-accent/15 p-3 text-accent [&_svg]:size-6">
                  {feature.icon}
                </span>
                <h3 className="text-lg font-bold">{feature.title}</h3>
                <p className="text-sm text-muted">{feature.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6">
        <Card className="flex flex-col items-center gap-5 bg-gradient-to-br from-surface-raised to-surface p-8 text-center sm:p-12">
          <h2 className="font-display font-extrabold text-2xl sm:text-3xl">Ready to trade your first pair?</h2>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            {/* The sign-in flow's page has "Create account"; /emergency-auth, once linked here, is a development tool. */}
            <a href={LOGIN_PATH} className={buttonClasses({ size: 'lg' })}>
              Create an account
            </a>
            <Link href="/browse" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              Browse Free
            </Link>
          </div>
        </Card>
      </section>

      <footer className="mt-auto border-t border-border px-4 py-8 text-center text-sm text-muted">
        <p>
          <span className="font-semibold text-foreground">{env.VITE_PRODUCT_NAME}</span> · {TAGLINE}
        </p>
      </footer>
    </div>
  );
}
