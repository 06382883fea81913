import type { ReactNode } from 'react';
import type { ValuedPair } from '@soleswap/contracts/pair-value';
import type { ProtectionHoldPreview } from '@soleswap/contracts/wallet-protection';
import { cashCentsOf, type CashErrors, type CashFormValues } from '../trade-cash-form';
import { tradeValueCents } from '../via-authentication';
import { FairValueMeter } from './fair-value-meter';
import { ProtectionHoldPreviewNote } from './protection-hold-note';
import { TradeCashFields } from './trade-cash-fields';
import { ViaAuthenticationField } from './via-authentication-field';

interface OfferTermsFieldsProps {
  /** The pairs I give and the pairs I get, as selected. */
  myPairs: readonly ValuedPair[];
  theirPairs: readonly ValuedPair[];
  /** Both sides hold a pair: the meter has something to weigh. */
  isComplete: boolean;
  partnerName: string;
  cash: CashFormValues;
  onCashChange: (values: CashFormValues) => void;
  cashErrors: CashErrors;
  /** The protection holds this offer would carry (the preview), mine first asked for with my card. */
  holds: ProtectionHoldPreview['protectionHolds'];
  isViaAuthentication: boolean;
  onViaAuthenticationChange: (isChecked: boolean) => void;
  /** Via the centre: the picker of where the centre sends the pairs I receive (the addresses feature's), else null. */
  shipTo: ReactNode;
}

/**
 * What an offer adds to its pairs, the same in the proposal form and the counter dialog: cash on
 * either side (with my card when I pay or owe a hold), the fair-value meter, each side's protection
 * hold (docs/rules/money.md) and the choice to go through the authentication centre
 * (docs/rules/inspection.md).
 */
export function OfferTermsFields(props: OfferTermsFieldsProps) {
  const { myPairs, theirPairs, isComplete, partnerName, cash, holds } = props;
  const cashCents = cashCentsOf(cash);
  const ownHoldCents = holds.find((hold) => hold.side === 'proposer')?.amountCents ?? 0;
  return (
    <>
      <TradeCashFields values={cash} onChange={props.onCashChange} errors={props.cashErrors} partnerName={partnerName} ownHoldCents={ownHoldCents} />
      {isComplete ? (
        <FairValueMeter
          mine={myPairs}
          theirs={theirPairs}
          myCashCents={cash.direction === 'give' ? cashCents : 0}
          theirCashCents={cash.direction === 'ask' ? cashCents : 0}
          partnerName={partnerName}
        />
      ) : null}
      <ProtectionHoldPreviewNote holds={holds} partnerName={partnerName} />
      <ViaAuthenticationField
        valueCents={tradeValueCents([[...myPairs], [...theirPairs]])}
        isChecked={props.isViaAuthentication}
        onCheckedChange={props.onViaAuthenticationChange}
      />
      {props.shipTo}
    </>
  );
}
