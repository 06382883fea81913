// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, buildTradeSneaker, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { authenticationChoice, tradeValueCents } from '../via-authentication';
import { TradeCard } from './trade-card';

const LABEL = 'Send both pairs through the SoleSwap authentication centre';

/** Their $250 pair for my $200 one, waiting for my answer. */
const trade = buildTrade({
  myRole: 'receiver',
  proposerId: THEM_ID,
  receiverId: ME_ID,
  allowedActions: ['accept', 'reject', 'counter'],
  proposerSneakers: [buildTradeSneaker({ id: 1, userId: THEM_ID, estimatedValue: '250.00' })],
  receiverSneakers: [buildTradeSneaker({ id: 2, userId: ME_ID, name: 'Dunk Low', estimatedValue: '200.00' })],
});

async function openAccept() {
  const user = userEvent.setup();
  renderWithApp(<TradeCard trade={trade} />);
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('the via-authentication choice', () => {
  it('weighs a trade by its larger side and asks only where a centre exists', () => {
    const byEstimate = (estimatedValue: string) => ({ condition: '9', estimatedValue, marketPrice: null });
    expect(tradeValueCents([[byEstimate('250.00')], [byEstimate('120.50'), byEstimate('100')]])).toBe(25000);
    // A pair with a market price counts at it by condition (as the meter shows it), not at its estimate.
    expect(tradeValueCents([[{ condition: '9', estimatedValue: '100.00', marketPrice: '300.00' }], [byEstimate('250.00')]])).toBe(27000);
    expect(authenticationChoice(undefined, 25000)).toBe('hidden');
    expect(authenticationChoice({ hasCentre: false, requiredAboveCents: null }, 25000)).toBe('hidden');
    expect(authenticationChoice({ hasCentre: true, requiredAboveCents: null }, 25000)).toBe('optional');
    expect(authenticationChoice({ hasCentre: true, requiredAboveCents: 25000 }, 25000)).toBe('optional');
    expect(authenticationChoice({ hasCentre: true, requiredAboveCents: 24999 }, 25000)).toBe('required');
  });

  it('is not offered when the server has no centre', async () => {
    const served = serveInspectionConfig();
    const { dialog } = await openAccept();
    await waitFor(() => expect(served.count).toBeGreaterThan(0));
    await within(dialog).findByRole('button', { name: 'Accept trade' });
    expect(within(dialog).queryByRole('checkbox', { name: LABEL })).toBeNull();
  });

  it('lets the member choose it when accepting, and sends the choice', async () => {
    serveInspectionConfig({ hasCentre: true, requiredAboveCents: null });
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/trades/42/accept', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(buildTrade({ status: 'accepted', allowedActions: [], viaAuthentication: true }));
      }),
      http.get('*/api/trades', () => HttpResponse.json([])),
    );
    const { user, dialog } = await openAccept();
    const checkbox = await within(dialog).findByRole('checkbox', { name: LABEL });
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect((checkbox as HTMLInputElement).disabled).toBe(false);
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Accept trade' }));
    expect(await screen.findByText('Trade Accepted')).toBeTruthy();
    expect(body).toMatchObject({ viaAuthentication: true });
  });

  it('shows it checked and locked, with the reason, when the trade is worth more than the operator’s value', async () => {
    serveInspectionConfig({ hasCentre: true, requiredAboveCents: 20000 });
    const { dialog } = await openAccept();
    const checkbox = (await within(dialog).findByRole('checkbox', { name: LABEL })) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    expect(checkbox.disabled).toBe(true);
    expect(within(dialog).getByText('Required: trades worth more than $200 always go through the centre.')).toBeTruthy();
  });
});
