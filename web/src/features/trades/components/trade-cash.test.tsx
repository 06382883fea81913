// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker, buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from '../test/build-trade';
import { CreateTradePage } from './create-trade-page';
import { TradeCard } from './trade-card';
import { openCounterDialog } from '../test/open-counter';
import { serveInspectionConfig } from '../test/serve-inspection-config';

// The proposal, counter and accept forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

const me = buildUser({ id: ME_ID, username: 'kicks' });

/** My $200 estimate against their release at $300 market, condition 10. */
function serveSneakers() {
  server.use(
    http.get(`*/api/users/${THEM_ID}`, () => HttpResponse.json(buildUser({ id: THEM_ID, username: 'sole_sam' }))),
    // Members with trades behind them: no protection holds.
    http.get('*/api/trades/protection-holds', () => HttpResponse.json({ protectionHolds: [] })),
    http.get(`*/api/sneakers/user/${ME_ID}`, () =>
      HttpResponse.json([buildSneaker({ id: 1, userId: ME_ID, name: 'Air Jordan 1 Chicago', estimatedValue: '200.00', marketPrice: null })]),
    ),
    http.get(`*/api/sneakers/user/${THEM_ID}`, () =>
      HttpResponse.json([
        buildSneaker({ id: 2, userId: THEM_ID, name: 'Yeezy Boost 350 Zebra', condition: '10.0', estimatedValue: '120.00', marketPrice: '300.00' }),
      ]),
    ),
  );
}

async function openProposal() {
  serveSneakers();
  const user = userEvent.setup();
  renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, { path: `/trades/create?target=2&owner=${THEM_ID}&offer=1` });
  await screen.findByRole('button', { name: /Air Jordan 1 Chicago/ });
  return user;
}

describe('cash and the fair-value meter in a proposal', () => {
  it('shows each side at market or estimate, the gap, the cash that evens it and the 25% warning', async () => {
    await openProposal();
    const meter = await screen.findByRole('region', { name: 'Fair value' });
    expect(within(meter).getByText("Pairs $200 (owner's estimate)")).toBeTruthy();
    expect(within(meter).getByText('Pairs $300 (market price by condition)')).toBeTruthy();
    expect(within(meter).getByText(/You come out \$100 ahead\. The pairs are even with you adding \$100 cash\./)).toBeTruthy();
    expect(within(meter).getByRole('status').textContent).toBe('sole_sam gives up 33% of the value they put in.');
  });

  it('adds whole-dollar cash from my side with my test card, and the meter counts it', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/trades', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildTrade(), { status: 201 });
      }),
    );
    const user = await openProposal();
    await user.click(screen.getByRole('radio', { name: 'I add cash' }));
    await user.type(screen.getByLabelText('Amount in whole dollars'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(screen.getByText('Cash is added in whole dollars, like 25 (no cents)')).toBeTruthy();
    expect(screen.getByText('Enter your card number')).toBeTruthy();
    expect(body).toBeNull();

    await user.clear(screen.getByLabelText('Amount in whole dollars'));
    await user.type(screen.getByLabelText('Amount in whole dollars'), '100');
    expect(within(screen.getByRole('region', { name: 'Fair value' })).getByText('The sides are even.')).toBeTruthy();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));

    expect(await screen.findByText('Trade Proposal Created')).toBeTruthy();
    expect(body).toMatchObject({
      proposerCashCents: 10_000,
      receiverCashCents: 0,
      cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '40', cvc: '123' },
    });
  });

  it('asks cash from the other side without a card, and refuses more than the cap', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/trades', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildTrade(), { status: 201 });
      }),
    );
    const user = await openProposal();
    await user.click(screen.getByRole('radio', { name: 'I ask sole_sam to add cash' }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.type(screen.getByLabelText('Amount in whole dollars'), '501');
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(screen.getByText('Cash can be at most $500')).toBeTruthy();

    await user.clear(screen.getByLabelText('Amount in whole dollars'));
    await user.type(screen.getByLabelText('Amount in whole dollars'), '30');
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(await screen.findByText('Trade Proposal Created')).toBeTruthy();
    expect(body).toMatchObject({ proposerCashCents: 0, receiverCashCents: 3000 });
    expect(body).not.toHaveProperty('cashCard');
  });
});

describe('cash in a counter-offer', () => {
  it('adds cash from my side with my card, seen from me as the new proposer', async () => {
    serveSneakers();
    // They proposed their Yeezy for my Jordan; I answer with the same pairs and $100 from me.
    const { user, dialog, sent } = await openCounterDialog();
    const meter = await within(dialog).findByRole('region', { name: 'Fair value' });
    expect(within(meter).getByText(/The pairs are even with you adding \$100 cash\./)).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'I add cash' }));
    await user.type(within(dialog).getByLabelText('Amount in whole dollars'), '100');
    expect(within(meter).getByText('The sides are even.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));

    expect(await screen.findByText('Counter-offer Sent')).toBeTruthy();
    expect(sent()).toMatchObject({
      proposerSneakerIds: [1],
      receiverSneakerIds: [2],
      proposerCashCents: 10_000,
      receiverCashCents: 0,
      cashCard: { cardNumber: '4242424242424242' },
    });
  });
});

describe('paying cash at acceptance', () => {
  // I am the receiver, asked to add $50 to sole_sam's side.
  const trade = buildTrade({
    myRole: 'receiver',
    proposerId: THEM_ID,
    receiverId: ME_ID,
    allowedActions: ['accept', 'reject'],
    receiverCashCents: 5000,
    cash: { payerId: ME_ID, payeeId: THEM_ID, amountCents: 5000 },
    proposerSneakers: [buildTradeSneaker({ id: 1, userId: THEM_ID, estimatedValue: '250.00' })],
    receiverSneakers: [buildTradeSneaker({ id: 2, userId: ME_ID, name: 'Dunk Low', estimatedValue: '200.00' })],
  });

  it('asks for my card, says a decline plainly in the dialog, and accepts with another card', async () => {
    const cards: string[] = [];
    server.use(
      http.post('*/api/trades/42/accept', async ({ request }) => {
        const body = (await request.json()) as { cashCard?: { cardNumber: string } };
        cards.push(body.cashCard?.cardNumber ?? '');
        return cards.length === 1
          ? HttpResponse.json(
              { code: 'PAYMENT_DECLINED', message: 'Your card was declined.', fields: { cashCard: 'Your card was declined.' } },
              { status: 402 },
            )
          : HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [] }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={trade} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('$50 cash')).toBeTruthy();
    // The meter counts my $50: $250 each way.
    expect(within(within(dialog).getByRole('region', { name: 'Fair value' })).getByText('The sides are even.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect(within(dialog).getByText('Enter your card number')).toBeTruthy();
    expect(cards).toEqual([]);

    await user.type(within(dialog).getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your card was declined. Nothing was locked: the trade is still pending. You can try another card.',
    );

    await user.clear(within(dialog).getByLabelText('Card number'));
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(cards).toEqual(['4000 0000 0000 0002', '4242 4242 4242 4242']);
  });
});
