// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade } from '../test/build-trade';
import { TradeCard } from './trade-card';

describe('protection holds on a trade card', () => {
  it('tells both sides about each hold before they commit', () => {
    renderWithApp(
      <TradeCard
        trade={buildTrade({
          protectionHolds: [
            { side: 'proposer', amountCents: 24_000, status: 'due' },
            { side: 'receiver', amountCents: 31_050, status: 'due' },
          ],
        })}
      />,
    );
    const holds = screen.getByRole('list', { name: 'Protection holds' });
    expect(within(holds).getByText('Your side is protected by a $240 hold')).toBeTruthy();
    expect(within(holds).getByText('Protected by a $310.50 hold')).toBeTruthy();
    expect(within(holds).getAllByText(/card is held for it when the trade is accepted/)).toHaveLength(2);
  });

  it('says where a hold went once the trade ended', () => {
    renderWithApp(
      <TradeCard trade={buildTrade({ status: 'cancelled', protectionHolds: [{ side: 'receiver', amountCents: 24_000, status: 'captured' }] })} />,
    );
    expect(screen.getByText(/It was paid to your wallet/)).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={buildTrade({ protectionHolds: [] })} />);
    expect(screen.queryByRole('list', { name: 'Protection holds' })).toBeNull();
  });
});
