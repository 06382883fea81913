import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordSchema, type ChangePassword } from '@soleswap/contracts/account';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/account';
import { FormError } from '../components/form-error';
import { SecuritySection } from './security-section';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Changes the password; every other session is signed out. */
export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(ChangePasswordSchema), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values: ChangePassword) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Password changed', description: 'Every other session was signed out.' });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        const onField = FIELDS.filter((name) => fields[name]);
        for (const name of onField) form.setError(name, { message: fields[name]! });
        if (error instanceof ApiError && error.code === 'WEAK_PASSWORD' && !fields.newPassword)
          form.setError('newPassword', { message: error.serverMessage ?? 'Choose a stronger password' });
        else if (onField.length === 0) form.setError('root.server', { message: toUserMessage(error, 'Your password could not be changed') });
      },
    }),
  );

  return (
    <SecuritySection title="Password" description="Changing it signs out every other session.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-md flex-col gap-4">
        <FormError message={errors.root?.server?.message} />
        <Field label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <Field label="New password" error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        <Button type="submit" disabled={change.isPending} className="self-start">
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SecuritySection>
  );
}
