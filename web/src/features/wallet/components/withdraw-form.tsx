import type { Payout } from '@soleswap/contracts/wallet';
import { WITHDRAWAL_MAX_CENTS, WITHDRAWAL_MIN_CENTS } from '@soleswap/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { MoneyInput } from '../../../components/ui/money-input';
import { ApiError, toUserMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { parseDollarsToCents } from '../../../lib/money-input';
import { requestWithdrawal } from '../api/request-withdrawal';

function amountProblem(cents: number | null, balanceCents: number): string | null {
  if (cents === null) return 'Enter an amount in dollars, like 25 or 25.50';
  if (cents < WITHDRAWAL_MIN_CENTS) return `Withdraw at least ${formatUsd(WITHDRAWAL_MIN_CENTS / 100)}`;
  if (cents > balanceCents) return `Your balance is ${formatUsd(balanceCents / 100)}`;
  if (cents > WITHDRAWAL_MAX_CENTS) return `Withdraw at most ${formatUsd(WITHDRAWAL_MAX_CENTS / 100)} at a time`;
  return null;
}

/** What the member is told once the server answered. */
function outcomeText(payout: Payout, destinationLabel: string | undefined): string {
  const amount = formatUsd(payout.amountCents / 100);
  if (payout.status === 'paid') return `Withdrawal of ${amount} paid out${destinationLabel ? ` to ${destinationLabel}` : ''}.`;
  if (payout.status === 'failed') {
    return `Your withdrawal of ${amount} failed${payout.failureMessage ? `: ${payout.failureMessage}` : ''}. The amount is back in your balance.`;
  }
  return `Withdrawal of ${amount} requested. The payment provider has not confirmed it yet; it is retried every minute.`;
}

interface WithdrawFormProps {
  /** The member's balance, in cents, from GET /api/wallet. */
  balanceCents: number;
  /** Called once the server answered a withdrawal (paid, failed or still requested): refresh the wallet. */
  onWithdrawn?: (payout: Payout) => void;
  /** Where the money goes, in words ("Bank account ••••1234"), said with the amount. */
  destinationLabel?: string;
}

/**
 * Withdraw part of the wallet balance (POST /api/wallet/withdrawals). Each attempt carries an
 * Idempotency-Key: the same one when the member retries an attempt the server never answered
 * (a network failure, a 5xx), a fresh one otherwise.
 */
export function WithdrawForm({ balanceCents, onWithdrawn, destinationLabel }: WithdrawFormProps) {
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const attempt = useRef<{ cents: number; key: string } | null>(null);
  const mutation = useMutation<Payout, unknown, number>({
    mutationFn: (cents) => {
      if (attempt.current?.cents !== cents) attempt.current = { cents, key: newIdempotencyKey() };
      return requestWithdrawal(cents, attempt.current.key);
    },
    onSuccess: (payout) => {
      attempt.current = null;
      setAmount('');
      setOutcome(outcomeText(payout, destinationLabel));
      onWithdrawn?.(payout);
    },
    onError: (error) => {
      // A stored answer (4xx): the next click is a new attempt with a new key.
      if (error instanceof ApiError && error.status < 500) attempt.current = null;
    },
  });

  if (balanceCents <= 0) {
    return <p className="text-sm text-muted">Your balance is $0.00, so there is nothing to withdraw yet.</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollarsToCents(amount);
    const problem = amountProblem(cents, balanceCents);
    setFieldError(problem);
    setOutcome(null);
    if (problem || cents === null) return;
    mutation.mutate(cents);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        label="Amount to withdraw (USD)"
        error={fieldError ?? undefined}
        hint={`Available: ${formatUsd(balanceCents / 100)}${destinationLabel ? `, paid to ${destinationLabel}` : ''}`}
      >
        <MoneyInput value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Withdrawing…' : 'Withdraw'}
        </Button>
        <Button type="button" variant="ghost" disabled={mutation.isPending} onClick={() => setAmount((balanceCents / 100).toFixed(2))}>
          Withdraw everything
        </Button>
      </div>
      {mutation.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {toUserMessage(mutation.error, 'Your withdrawal could not be sent. Nothing was taken; please try again.')}
        </p>
      ) : null}
      {outcome ? (
        <p role="status" className="text-sm text-foreground">
          {outcome}
        </p>
      ) : null}
    </form>
  );
}
