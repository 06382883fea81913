import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, SignUpSchema, type SignUp } from '@soleswap/contracts/identity';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { goToUrl } from '../../../lib/browser-location';
import { useSignUp } from '../api/submit-interaction';
import { rememberConfirmationSent } from '../confirmation-sent-notice';
import { showInteractionError } from '../interaction-errors';
import { FormError } from './form-error';

const FIELDS = ['email', 'password', 'username', 'firstName', 'lastName'] as const;

interface SignUpFormProps {
  uid: string;
  /** Called when the server says this interaction no longer exists. */
  onExpired: () => void;
}

/** Creates a local account with the embedded identity provider and signs it in. */
export function SignUpForm({ uid, onExpired }: SignUpFormProps) {
  const signUp = useSignUp(uid);
  const form = useForm({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { email: '', password: '', username: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;
  const isBusy = signUp.isPending || signUp.isSuccess;

  const onSubmit = form.handleSubmit((values: SignUp) =>
    signUp.mutate(
      // Empty optional names are "not given", not an empty name.
      { ...values, firstName: values.firstName || undefined, lastName: values.lastName || undefined },
      {
        onSuccess: (result) => {
          rememberConfirmationSent(values.email);
          goToUrl(result.redirectTo);
        },
        onError: (error) => showInteractionError(error, form, FIELDS, onExpired),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Username" error={errors.username?.message} hint="Letters, digits, dot, dash or underscore.">
        <Input autoComplete="username" {...form.register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name (optional)" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label="Last name (optional)" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
