import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetRequestSchema, type PasswordResetRequest } from '@soleswap/contracts/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toUserMessage } from '../../../lib/api-client';
import { usePasswordResetRequest } from '../api/account';
import { FormError } from './form-error';

/** "Forgot password": asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = usePasswordResetRequest();
  const form = useForm({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values: PasswordResetRequest) => request.mutate(values));

  if (request.isSuccess) {
    return (
      <div role="status" className="flex flex-col gap-4 text-sm">
        <p>{request.data.message}</p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">Enter the address you signed up with; we mail it a link to choose a new password.</p>
      <FormError message={request.isError ? toUserMessage(request.error, 'The link could not be requested. Try again.') : undefined} />
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
      </Field>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
