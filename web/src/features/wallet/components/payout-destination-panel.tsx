import { PayoutBankAccountSchema, payoutDestinationLabel, type PayoutBankAccount, type PayoutDestinationView } from '@soleswap/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { goToUrl } from '../../../lib/browser-location';
import { walletKeys } from '../../../lib/query-keys';
import { setPayoutBankAccount, startStripeOnboarding } from '../api/payout-destination';

type FieldName = keyof PayoutBankAccount;
const EMPTY: Record<FieldName, string> = { holderName: '', routingNumber: '', accountNumber: '' };

/** The first problem of each field, as the server would word it (the same schema). */
function problemsOf(values: Record<FieldName, string>): Partial<Record<FieldName, string>> {
  const parsed = PayoutBankAccountSchema.safeParse(values);
  if (parsed.success) return {};
  const problems: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as FieldName;
    problems[name] ??= issue.message;
  }
  return problems;
}

/**
 * The bank account sandbox withdrawals go to (issue #42: a withdrawal asks where the money goes).
 * Only its last four digits are kept and shown back.
 */
export function BankAccountForm({ onSaved, onCancel }: { onSaved?: (view: PayoutDestinationView) => void; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const mutation = useMutation({
    mutationFn: setPayoutBankAccount,
    onSuccess: (view) => {
      queryClient.setQueryData(walletKeys.payoutDestination, view);
      setValues(EMPTY);
      onSaved?.(view);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setProblems(error.fields as Partial<Record<FieldName, string>>);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    if (Object.keys(found).length === 0) mutation.mutate(PayoutBankAccountSchema.parse(values));
  };
  const field = (name: FieldName, label: string, props: { inputMode?: 'numeric'; autoComplete?: string }) => (
    <Field label={label} error={problems[name]}>
      <Input value={values[name]} onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))} {...props} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Bank account for withdrawals" className="flex flex-col gap-3">
      <p className="text-sm text-muted">Where should your withdrawals go? Give the bank account to pay them to. We keep only its last four digits.</p>
      {field('holderName', 'Account holder’s name', { autoComplete: 'name' })}
      {field('routingNumber', 'Routing number (9 digits)', { inputMode: 'numeric', autoComplete: 'off' })}
      {field('accountNumber', 'Account number', { inputMode: 'numeric', autoComplete: 'off' })}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save bank account'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.fields) ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(mutation.error, 'Your bank account could not be saved. Please try again.')}
        </p>
      ) : null}
    </form>
  );
}

/**
 * With Stripe keys: the member connects a Stripe account on Stripe's own pages (it asks for their bank
 * details there; we never see them) and comes back to the wallet, which reads how the account stands.
 */
function StripeConnect({ view }: { view: PayoutDestinationView }) {
  const mutation = useMutation({ mutationFn: startStripeOnboarding, onSuccess: ({ url }) => goToUrl(url) });
  if (view.destination) {
    return (
      <p className="text-sm">
        <strong>Stripe account connected</strong>: your withdrawals are paid to it.
      </p>
    );
  }
  const isPending = view.stripeOnboarding === 'pending';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {isPending
          ? 'Stripe has not finished setting up your account yet. If it asked you for more, continue on Stripe; otherwise check back soon.'
          : 'Where should your withdrawals go? Connect a Stripe account: Stripe asks for your bank details on its own pages, and we never see them.'}
      </p>
      <div>
        <Button type="button" disabled={mutation.isPending || mutation.isSuccess} onClick={() => mutation.mutate()}>
          {mutation.isPending || mutation.isSuccess ? 'Opening Stripe…' : isPending ? 'Continue on Stripe' : 'Connect a Stripe account'}
        </Button>
      </div>
      {mutation.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(mutation.error, 'Stripe could not be opened. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where withdrawals go, above the withdraw form: "Bank account ••••1234" with a way to change it, the
 * bank account form when there is none (sandbox), or the Stripe account to connect (Stripe keys).
 */
export function PayoutDestinationPanel({ view }: { view: PayoutDestinationView }) {
  const [isChanging, setIsChanging] = useState(false);
  if (view.provider === 'stripe') return <StripeConnect view={view} />;
  if (!view.destination || isChanging) {
    return <BankAccountForm onSaved={() => setIsChanging(false)} onCancel={view.destination ? () => setIsChanging(false) : undefined} />;
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        Withdrawals go to <strong>{payoutDestinationLabel(view.destination)}</strong>
        {view.destination.kind === 'bank_account' ? ` (${view.destination.holderName})` : ''}.
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={() => setIsChanging(true)}>
        Change
      </Button>
    </p>
  );
}
