import type { Sneaker } from '@soleswap/contracts/sneakers';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useProtectionHoldPreview } from '../api/get-protection-hold-preview';
import { useInspectionConfig } from '../api/inspection-config';
import { useTradeAddressSlots } from '../trade-address-slots';
import { authenticationChoice, tradeValueCents } from '../via-authentication';
import { flaggedPairs } from '../components/flagged-acknowledgement';
import { hasBothSides } from '../sneaker-selection';
import { EMPTY_CASH_FORM, cashErrorsFromServer, cashRequest, type CashErrors, type CashRequest } from '../trade-cash-form';

interface OfferTermsInput {
  /** Who would receive the offer: the member the hold preview is asked about. */
  receiverId: string;
  mySneakers: readonly Sneaker[] | undefined;
  theirSneakers: readonly Sneaker[] | undefined;
  /** The selected pairs still listed, mine and theirs. */
  myIds: readonly number[];
  theirIds: readonly number[];
}

/** What an offer asks beside its pairs: the cash and its card, the via-authentication choice, the flags acknowledged. */
export type OfferTermsRequest = CashRequest & { acknowledgeFlagged?: boolean; viaAuthentication?: true; shipToAddressId?: number };

/**
 * The terms around an offer's pairs, the same in the proposal form and the counter dialog: cash and
 * its errors, the protection holds the offer would carry (docs/rules/money.md#protection-holds), the
 * authentication-centre choice (with my ship-to: a trade via the centre is accepted only once both
 * members chose one, docs/rules/inspection.md) and the acknowledgement of flagged pairs.
 */
export function useOfferTerms({ receiverId, mySneakers, theirSneakers, myIds, theirIds }: OfferTermsInput) {
  const [isFlagAcknowledged, setIsFlagAcknowledged] = useState(false);
  const [isViaAuthentication, setIsViaAuthentication] = useState(false);
  const [shipToAddressId, setShipToAddressId] = useState<number | null>(null);
  const slots = useTradeAddressSlots();
  const config = useInspectionConfig().data;
  const [cash, setCash] = useState(EMPTY_CASH_FORM);
  const [cashErrors, setCashErrors] = useState<CashErrors>({});

  const myPairs = (mySneakers ?? []).filter((s) => myIds.includes(s.id));
  const theirPairs = (theirSneakers ?? []).filter((s) => theirIds.includes(s.id));
  const flagged = flaggedPairs([...myPairs, ...theirPairs]);
  const isComplete = hasBothSides(myIds, theirIds);
  // The holds this offer would carry: shown, and my card asked for mine.
  const holdPreview = useProtectionHoldPreview({ receiverId, proposerSneakerIds: [...myIds], receiverSneakerIds: [...theirIds] });
  const holds = isComplete ? (holdPreview.data?.protectionHolds ?? []) : [];
  const ownHoldCents = holds.find((hold) => hold.side === 'proposer')?.amountCents ?? 0;
  const isCheckingHolds = isComplete && (holdPreview.isLoading || holdPreview.isPlaceholderData);
  // Via the centre (my choice, or the operator's rule for this value) the offer carries where my pairs arrive.
  const isViaCentre = isViaAuthentication || authenticationChoice(config, tradeValueCents([myPairs, theirPairs])) === 'required';
  const needsShipTo = isViaCentre && slots !== null && shipToAddressId === null;

  return {
    isComplete,
    needsAcknowledgement: flagged.length > 0 && !isFlagAcknowledged,
    isCheckingHolds,
    /** Via the centre without a ship-to chosen: the offer cannot be sent yet. */
    needsShipTo,
    /** The props of OfferTermsFields but the partner's name. */
    fields: {
      myPairs,
      theirPairs,
      isComplete,
      cash,
      onCashChange: setCash,
      cashErrors,
      holds,
      isViaAuthentication,
      onViaAuthenticationChange: setIsViaAuthentication,
      shipTo: isViaCentre && slots ? slots.renderShipToPicker({ value: shipToAddressId, onChange: setShipToAddressId, viaCentre: true }) : null,
    },
    /** The props of FlaggedAcknowledgement. */
    acknowledgement: { pairs: flagged, isChecked: isFlagAcknowledged, onCheckedChange: setIsFlagAcknowledged },
    /** The request's terms; null, with the cash errors shown, when the cash part does not hold. */
    requestTerms(): OfferTermsRequest | null {
      const cashPart = cashRequest(cash, { ownHoldCents });
      setCashErrors(cashPart.errors ?? {});
      if (!cashPart.body) return null;
      return {
        ...cashPart.body,
        ...(flagged.length > 0 ? { acknowledgeFlagged: isFlagAcknowledged } : {}),
        ...(isViaAuthentication ? { viaAuthentication: true as const } : {}),
        ...(isViaCentre && shipToAddressId !== null ? { shipToAddressId } : {}),
      };
    },
    /** Shows the server's refusal of the cash fields beside them. */
    showServerErrors(error: unknown) {
      if (error instanceof ApiError) setCashErrors(cashErrorsFromServer(error.fields) ?? {});
    },
  };
}
