// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/build-user';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildSneaker, buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { openCounterDialog } from '../test/open-counter';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { CreateTradePage } from './create-trade-page';

const me = buildUser({ id: ME_ID, username: 'kicks' });

// The forms ask whether the server has an authentication centre: here it has none.
beforeEach(() => {
  serveInspectionConfig();
});

/**
 * Both of us new to trading: my pair 1 ($240) is held on my card, their pair 2 ($310.50) on theirs.
 * My pair 3 is under the hold threshold. The preview answers from the selection it is asked about.
 */
function serveNewMembers(previews: string[]) {
  server.use(
    http.get(`*/api/users/${THEM_ID}`, () => HttpResponse.json(buildUser({ id: THEM_ID, username: 'sole_sam' }))),
    http.get(`*/api/sneakers/user/${ME_ID}`, () =>
      HttpResponse.json([
        buildSneaker({ id: 1, userId: ME_ID, name: 'Air Jordan 1 Chicago', estimatedValue: '240.00' }),
        buildSneaker({ id: 3, userId: ME_ID, name: 'Dunk Low', estimatedValue: '90.00' }),
      ]),
    ),
    http.get(`*/api/sneakers/user/${THEM_ID}`, () =>
      HttpResponse.json([buildSneaker({ id: 2, userId: THEM_ID, name: 'Yeezy Boost 350 Zebra', estimatedValue: '310.50' })]),
    ),
    http.get('*/api/trades/protection-holds', ({ request }) => {
      const query = new URL(request.url).searchParams;
      previews.push(query.toString());
      const protectionHolds = [];
      if (query.get('proposerSneakerIds')?.split(',').includes('1')) protectionHolds.push({ side: 'proposer', amountCents: 24_000 });
      if (query.get('receiverSneakerIds')?.split(',').includes('2')) protectionHolds.push({ side: 'receiver', amountCents: 31_050 });
      return HttpResponse.json({ protectionHolds });
    }),
  );
}

async function typeCard(scope: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(scope).getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(within(scope).getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(within(scope).getByLabelText('CVC'), '123');
}

/** The proposal page for their pair 2, my pair 1 offered; `sent()` is the proposal's body once posted. */
function openProposal() {
  const previews: string[] = [];
  let body: Record<string, unknown> | null = null;
  serveNewMembers(previews);
  server.use(
    http.post('*/api/trades', async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(buildTrade(), { status: 201 });
    }),
  );
  const user = userEvent.setup();
  renderWithApp(<CreateTradePage currentUser={me} isLoadingUser={false} />, { path: `/trades/create?target=2&owner=${THEM_ID}&offer=1` });
  return { previews, user, sent: () => body };
}

describe('protection holds in a proposal', () => {
  it("shows each side's hold before sending, asks my card for mine and sends it", async () => {
    const { previews, sent, user } = openProposal();

    const holds = await screen.findByRole('list', { name: 'Protection holds' });
    expect(within(holds).getByText(/^A \$240 hold on your card protects .+$/)).toBeTruthy();
    expect(within(holds).getByText(/^A \$310\.50 hold on .+'s card protects you$/)).toBeTruthy();
    expect(previews).toEqual([new URLSearchParams({ receiverId: THEM_ID, proposerSneakerIds: '1', receiverSneakerIds: '2' }).toString()]);

    // No cash, yet my card is asked for the hold.
    const form = screen.getByRole('form', { name: 'Trade proposal' });
    expect(within(form).getByRole('group', { name: 'Your card, for the protection hold' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(screen.getByText('Enter your card number')).toBeTruthy();
    expect(sent()).toBeNull();

    await typeCard(form, user);
    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(await screen.findByText('Trade Proposal Created')).toBeTruthy();
    expect(sent()).toMatchObject({
      proposerSneakerIds: [1],
      receiverSneakerIds: [2],
      proposerCashCents: 0,
      receiverCashCents: 0,
      cashCard: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '40', cvc: '123' },
    });
  });

  it('asks again as the selection changes, and no card when only the other side owes a hold', async () => {
    const { previews, sent, user } = openProposal();
    await screen.findByText(/^A \$240 hold on your card protects .+$/);

    // Swap my Jordan for the Dunk, under the threshold: only their hold remains.
    await user.click(screen.getByRole('button', { name: /Dunk Low/ }));
    await user.click(screen.getByRole('button', { name: /Air Jordan 1 Chicago/ }));
    await waitFor(() => expect(screen.queryByText(/^A \$240 hold on your card protects .+$/)).toBeNull());
    expect(screen.getByText(/^A \$310\.50 hold on .+'s card protects you$/)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(previews.at(-1)).toBe(new URLSearchParams({ receiverId: THEM_ID, proposerSneakerIds: '3', receiverSneakerIds: '2' }).toString());

    await user.click(screen.getByRole('button', { name: 'Send Trade Proposal' }));
    expect(await screen.findByText('Trade Proposal Created')).toBeTruthy();
    expect(sent()).toMatchObject({ proposerSneakerIds: [3], receiverSneakerIds: [2] });
    expect(sent()).not.toHaveProperty('cashCard');
  });
});

describe('protection holds in a counter-offer', () => {
  it('shows the holds of the counter and asks my card for mine as its proposer', async () => {
    const previews: string[] = [];
    serveNewMembers(previews);
    const { user, dialog, sent } = await openCounterDialog();
    const holds = await within(dialog).findByRole('list', { name: 'Protection holds' });
    expect(within(holds).getByText(/^A \$240 hold on your card protects .+$/)).toBeTruthy();
    expect(within(holds).getByText(/^A \$310\.50 hold on .+'s card protects you$/)).toBeTruthy();
    expect(previews).toContain(new URLSearchParams({ receiverId: THEM_ID, proposerSneakerIds: '1', receiverSneakerIds: '2' }).toString());

    await typeCard(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('Counter-offer Sent')).toBeTruthy();
    expect(sent()).toMatchObject({ proposerSneakerIds: [1], receiverSneakerIds: [2], cashCard: { cardNumber: '4242 4242 4242 4242' } });
  });
});
