import type { CashCard } from '@soleswap/contracts/wallet';
import { useState } from 'react';
import { CashCardFields } from '../../features/trades/components/cash-card-fields';
import { checkCashCard, EMPTY_CARD, type CardErrors } from '../../features/trades/trade-cash-form';

/**
 * The card a loop member new to trading gives for their protection hold when accepting: the trades
 * feature's card fields and check (the payments rule the server applies), handed to the loop card.
 * `onCard` hears the card once every field is filled in and valid, null until then.
 */
export function LoopHoldCard({ onCard }: { onCard: (card: CashCard | null) => void }) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  return (
    <CashCardFields
      legend="Your card, for your protection hold"
      value={card}
      errors={errors}
      onChange={(next) => {
        setCard(next);
        const filled = next.cardNumber.trim() !== '' && next.expiry.trim() !== '' && next.cvc.trim() !== '';
        const checked = checkCashCard(next);
        setErrors(filled && checked.errors ? checked.errors : {});
        onCard(checked.card);
      }}
    />
  );
}
