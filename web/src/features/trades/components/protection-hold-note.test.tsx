// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { TradeCard } from './trade-card';
import { ProtectionHoldPreviewNote } from './protection-hold-note';
import { serveInspectionConfig } from '../test/serve-inspection-config';

// The proposal, counter and accept forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

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
    expect(within(holds).getByText(/^A \$240 hold on your card protects .+$/)).toBeTruthy();
    expect(within(holds).getByText(/^A \$310\.50 hold on .+'s card protects you$/)).toBeTruthy();
    expect(within(holds).getAllByText(/card is held for it when the trade is accepted/)).toHaveLength(2);
  });

  it('names every case that captures a hold, to both sides, before and after acceptance (issue #40)', () => {
    const every = {
      mine: /paid to .+ (only )?if you miss the ship deadline, a dispute goes against you, or your pair fails authentication at the centre/,
      theirs: /paid to you (only )?if they miss the ship deadline, a dispute goes against them, or their pair fails authentication at the centre/,
    };
    for (const status of ['due', 'held'] as const) {
      renderWithApp(
        <TradeCard
          trade={buildTrade({
            status: status === 'due' ? 'pending' : 'accepted',
            protectionHolds: [
              { side: 'proposer', amountCents: 24_000, status },
              { side: 'receiver', amountCents: 24_000, status },
            ],
          })}
        />,
      );
      const holds = screen.getByRole('list', { name: 'Protection holds' });
      expect(within(holds).getByText(every.mine)).toBeTruthy();
      expect(within(holds).getByText(every.theirs)).toBeTruthy();
      cleanup();
    }
    // The proposal form and the counter dialog show the same words (ProtectionHoldPreviewNote).
    renderWithApp(
      <ProtectionHoldPreviewNote
        holds={[
          { side: 'proposer', amountCents: 24_000 },
          { side: 'receiver', amountCents: 34_000 },
        ]}
        partnerName="bob"
      />,
    );
    // Issue #42: a hold protects the side that receives the pairs, never its own payer.
    expect(screen.getByText('A $240 hold on your card protects bob')).toBeTruthy();
    expect(screen.getByText("A $340 hold on bob's card protects you")).toBeTruthy();
    expect(screen.queryByText(/Your side is protected/)).toBeNull();
    expect(
      screen.getByText(/paid to bob only if you miss the ship deadline, a dispute goes against you, or your pair fails authentication/),
    ).toBeTruthy();
  });

  it('says where a hold went once the trade ended', () => {
    // A captured hold's trade asks whether it was appealed (hold-appeal-section.test.tsx): here it was not.
    server.use(http.get('*/api/trades/42/hold-appeal', () => HttpResponse.json({ appeal: null, canAppeal: false, appealBy: null })));
    renderWithApp(
      <TradeCard trade={buildTrade({ status: 'cancelled', protectionHolds: [{ side: 'receiver', amountCents: 24_000, status: 'captured' }] })} />,
    );
    expect(screen.getByText(/It was paid to your wallet/)).toBeTruthy();
    cleanup();
    renderWithApp(<TradeCard trade={buildTrade({ protectionHolds: [] })} />);
    expect(screen.queryByRole('list', { name: 'Protection holds' })).toBeNull();
  });

  it('asks the receiver who owes a hold for their card in the accept dialog, and sends it', async () => {
    const cards: string[] = [];
    server.use(
      http.post('*/api/trades/42/accept', async ({ request }) => {
        cards.push(((await request.json()) as { cashCard?: { cardNumber: string } }).cashCard?.cardNumber ?? '');
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const trade = buildTrade({
      myRole: 'receiver',
      proposerId: THEM_ID,
      receiverId: ME_ID,
      allowedActions: ['accept', 'reject'],
      protectionHolds: [{ side: 'receiver', amountCents: 25_000, status: 'due' }],
    });
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={trade} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^A \$250 hold on your card protects .+$/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(cards).toEqual(['4242 4242 4242 4242']);
  });
});
