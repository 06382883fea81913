import { zodResolver } from '@hookform/resolvers/zod';
import { SignInSchema, type SecondFactorNeeded, type SignIn } from '@soleswap/contracts/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { goToUrl } from '../../../lib/browser-location';
import { useSignIn } from '../api/submit-interaction';
import { showInteractionError } from '../interaction-errors';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormError } from './form-error';
import { isSecondFactorNeeded } from '../api/two-factor';
import { PasskeySignIn, SecondFactorStep } from '../two-factor/sign-in-second-factor';

const FIELDS = ['email', 'password'] as const;

interface SignInFormProps {
  uid: string;
  /** Called when the server says this interaction no longer exists. */
  onExpired: () => void;
}

/** E-mail and password sign-in for the embedded identity provider. */
export function SignInForm({ uid, onExpired }: SignInFormProps) {
  const signIn = useSignIn(uid);
  const form = useForm({ resolver: zodResolver(SignInSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  // Stay busy after success too: the browser is already on its way out.
  const [secondFactor, setSecondFactor] = useState<SecondFactorNeeded['secondFactor'] | null>(null);
  const isBusy = signIn.isPending || (signIn.isSuccess && !secondFactor);
  const [isForgotten, setIsForgotten] = useState(false);

  const onSubmit = form.handleSubmit((values: SignIn) =>
    signIn.mutate(values, {
      onSuccess: (result) => (isSecondFactorNeeded(result) ? setSecondFactor(result.secondFactor) : goToUrl(result.redirectTo)),
      onError: (error) => showInteractionError(error, form, FIELDS, onExpired),
    }),
  );

  if (isForgotten) return <ForgotPasswordForm onBack={() => setIsForgotten(false)} />;

  if (secondFactor) return <SecondFactorStep uid={uid} needs={secondFactor} onExpired={onExpired} />;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? 'Signing in...' : 'Sign in'}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setIsForgotten(true)}>
        Forgot password?
      </Button>
      <PasskeySignIn uid={uid} onExpired={onExpired} />
    </form>
  );
}
