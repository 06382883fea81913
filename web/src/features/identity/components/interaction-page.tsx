import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { buttonClasses } from '../../../components/ui/button-classes';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { env } from '../../../env';
import { ApiError } from '../../../lib/api-client';
import { LOGIN_PATH } from '../../../lib/auth-paths';
import { useInteractionDetails } from '../api/get-interaction-details';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

function ExpiredNotice() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-4 text-center">
      <Clock aria-hidden="true" className="size-10 text-muted" />
      <p>This sign-in link has expired. Start again.</p>
      {/* A full navigation: the server starts a fresh sign-in flow. */}
      <a href={LOGIN_PATH} className={buttonClasses()}>
        Start again
      </a>
    </div>
  );
}

/**
 * /idp/interaction/:uid: the embedded identity provider's sign-in and
 * sign-up page. The provider sends the browser here; on success the server
 * answers where to go next and the browser continues the login flow there.
 */
export function InteractionPage() {
  const { uid = '' } = useParams<{ uid: string }>();
  const details = useInteractionDetails(uid);
  const [hasExpired, setHasExpired] = useState(false);
  const onExpired = () => setHasExpired(true);
  const isExpired = hasExpired || (details.error instanceof ApiError && details.error.code === 'NOT_FOUND');

  return (
    <div className="relative flex min-h-dvh items-center justify-center overflow-hidden px-4 py-10">
      <div aria-hidden="true" className="absolute -top-40 left-1/2 size-[32rem] -translate-x-1/2 rounded-full bg-accent/15 blur-3xl" />
      <Card className="relative w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span
            aria-hidden="true"
            className="grid size-10 place-items-center rounded-xl bg-accent font-display font-extrabold text-accent-foreground"
          >
            S
          </span>
          <h1 className="font-display font-extrabold text-2xl">{env.VITE_PRODUCT_NAME}</h1>
          <p className="text-sm text-muted">Sign in to trade, or create an account to get started.</p>
        </div>
        {isExpired ? (
          <ExpiredNotice />
        ) : (
          <Tabs defaultValue="sign-in">
            <TabsList aria-label="Sign in or create an account">
              <TabsTrigger value="sign-in">Sign in</TabsTrigger>
              <TabsTrigger value="sign-up">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm uid={uid} onExpired={onExpired} />
            </TabsContent>
            <TabsContent value="sign-up">
              <SignUpForm uid={uid} onExpired={onExpired} />
            </TabsContent>
          </Tabs>
        )}
      </Card>
    </div>
  );
}
