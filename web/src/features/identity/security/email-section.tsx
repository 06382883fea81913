import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailSchema, EMAIL_UNDO_DAYS, type ChangeEmail } from '@soleswap/contracts/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { useChangeEmail } from '../api/account';
import { FormError } from '../components/form-error';
import { SecuritySection } from './security-section';

const FIELDS = ['newEmail', 'currentPassword'] as const;

/** Starts a change of address: it happens when the new address opens the link mailed to it. */
export function EmailSection({ email }: { email: string | null }) {
  const change = useChangeEmail();
  const form = useForm({ resolver: zodResolver(ChangeEmailSchema), defaultValues: { newEmail: '', currentPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values: ChangeEmail) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        const onField = FIELDS.filter((name) => fields[name]);
        for (const name of onField) form.setError(name, { message: fields[name]! });
        if (onField.length === 0) form.setError('root.server', { message: toUserMessage(error, 'The change could not be started') });
      },
    }),
  );

  return (
    <SecuritySection
      title="E-mail address"
      description={`Now ${email ?? 'none'}. The new address gets a link that makes the change; the old one is told and can undo it for ${EMAIL_UNDO_DAYS} days.`}
    >
      {change.isSuccess ? (
        <p role="status" className="mb-4 text-sm">
          {change.data.message}
        </p>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-md flex-col gap-4">
        <FormError message={errors.root?.server?.message} />
        <Field label="New e-mail address" error={errors.newEmail?.message}>
          <Input type="email" autoComplete="email" {...form.register('newEmail')} />
        </Field>
        <Field label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <Button type="submit" disabled={change.isPending} className="self-start">
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </form>
    </SecuritySection>
  );
}
