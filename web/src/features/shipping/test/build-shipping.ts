import type { ShippingConfig, ShippingLabel, TradeShipping } from '@soleswap/contracts/shipping';
import { PARCEL_PRESETS, PARCEL_PRESET_DIMENSIONS } from '@soleswap/contracts/shipping';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw-server';

export const TRADE_ID = 42;

/** The sandbox with the platform paying, no typed numbers and no development control, unless told. */
export function buildConfig(overrides: Partial<ShippingConfig> = {}): ShippingConfig {
  return {
    provider: 'sandbox',
    labelPayer: 'platform',
    manualNumbers: false,
    developmentControl: false,
    presets: PARCEL_PRESETS.map((preset) => ({ preset, ...PARCEL_PRESET_DIMENSIONS[preset], estimateCents: preset.startsWith('one') ? 840 : 1275 })),
    ...overrides,
  };
}

/** A bought sandbox label on my side, before the carrier's first scan. */
export function buildLabel(overrides: Partial<ShippingLabel> = {}): ShippingLabel {
  return {
    id: 7,
    route: 'trade',
    legKey: `${TRADE_ID}:proposer`,
    carrier: 'ups',
    service: 'Ground',
    trackingNumber: '1Z5R89390357567127',
    status: 'pre_transit',
    rateCents: 0,
    payer: 'platform',
    createdAt: '2030-03-10T10:00:00.000Z',
    firstScanAt: null,
    deliveredAt: null,
    labelUrl: `/api/trades/${TRADE_ID}/label.pdf`,
    destinationMismatch: false,
    events: [{ status: 'pre_transit', message: 'Label created', location: null, occurredAt: '2030-03-10T10:00:00.000Z' }],
    ...overrides,
  };
}

/** Both legs of the trade: mine (proposer) and theirs, with the labels given. */
export function buildShipping(
  mine: ShippingLabel | null,
  theirs: ShippingLabel | null = null,
  { canBuyLabel = true }: { canBuyLabel?: boolean } = {},
): TradeShipping {
  return {
    tradeId: TRADE_ID,
    legs: [
      { side: 'receiver', isMine: false, canBuyLabel: true, label: theirs },
      { side: 'proposer', isMine: true, canBuyLabel, label: mine },
    ],
  };
}

/** Answers the config and the trade's shipping; `shipping` is read at each request, so a test may change it. */
export function serveShipping(config: ShippingConfig, shipping: () => TradeShipping) {
  server.use(
    http.get('*/api/shipping/config', () => HttpResponse.json(config)),
    http.get(`*/api/trades/${TRADE_ID}/shipping`, () => HttpResponse.json(shipping())),
  );
}
