// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HoldAppeal, TradeHoldAppeal } from '@soleswap/contracts/hold-appeals';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildTrade, ME_ID, THEM_ID } from '../test/build-trade';
import { serveInspectionConfig } from '../test/serve-inspection-config';
import { TradeCard } from './trade-card';

beforeEach(() => {
  serveInspectionConfig();
});

/** My trade whose pair failed authentication: my $250 hold was captured for the other side. */
const failedTrade = () =>
  buildTrade({ status: 'cancelled', allowedActions: [], protectionHolds: [{ side: 'proposer', amountCents: 25_000, status: 'captured' }] });

const appeal = (overrides: Partial<HoldAppeal> = {}): HoldAppeal => ({
  id: 9,
  tradeId: 42,
  ownerId: ME_ID,
  ownerName: 'me',
  otherId: THEM_ID,
  otherName: 'them',
  amountCents: 25_000,
  captureReason: 'failed_authentication',
  capturedAt: '2030-03-10T10:00:00.000Z',
  reason: 'The tag was the factory’s.',
  status: 'open',
  ruling: null,
  takenBackCents: 0,
  platformCents: 0,
  createdAt: '2030-03-11T10:00:00.000Z',
  allowedActions: [],
  ...overrides,
});

describe('the appeal of a captured protection hold on the trade page (issue #40)', () => {
  it('lets the member whose pair failed appeal with a reason, then says it is with an admin', async () => {
    const sent: unknown[] = [];
    let standing: TradeHoldAppeal = { appeal: null, canAppeal: true, appealBy: '2030-03-17T10:00:00.000Z' };
    server.use(
      http.get('*/api/trades/42/hold-appeal', () => HttpResponse.json(standing)),
      http.post('*/api/trades/42/hold-appeal', async ({ request }) => {
        sent.push(await request.json());
        standing = { appeal: appeal(), canAppeal: false, appealBy: standing.appealBy };
        return HttpResponse.json(standing.appeal, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<TradeCard trade={failedTrade()} />);
    const form = await screen.findByRole('form', { name: 'Appeal the protection hold' });
    expect(within(form).getByText(/until Mar 17, 2030/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Appeal the hold' }));
    expect(within(form).getByText('Say why the hold should be given back')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Why the hold should be given back'), '  The tag was the factory’s.  ');
    await user.click(within(form).getByRole('button', { name: 'Appeal the hold' }));
    expect(await screen.findByText(/You appealed the capture of your \$250.00 hold/)).toBeTruthy();
    expect(sent).toEqual([{ reason: 'The tag was the factory’s.' }]);
    expect(screen.queryByRole('form', { name: 'Appeal the protection hold' })).toBeNull();
  });

  it('shows the ruling with the admin’s note', async () => {
    const ruling = { note: 'The receipt proves the size.', at: '2030-03-12T10:00:00.000Z' };
    server.use(
      http.get('*/api/trades/42/hold-appeal', () =>
        HttpResponse.json({
          appeal: appeal({ status: 'reversed', ruling, takenBackCents: 25_000 }),
          canAppeal: false,
          appealBy: '2030-03-17T10:00:00.000Z',
        }),
      ),
    );
    renderWithApp(<TradeCard trade={failedTrade()} />);
    const section = await screen.findByRole('region', { name: 'Appeal of the protection hold' });
    expect(await within(section).findByText(/Appeal granted: your \$250.00 hold is back in your wallet/)).toBeTruthy();
    expect(within(section).getByText('The receipt proves the size.')).toBeTruthy();
  });

  it('says the 7 days are over once they are, and offers no form', async () => {
    server.use(
      http.get('*/api/trades/42/hold-appeal', () => HttpResponse.json({ appeal: null, canAppeal: false, appealBy: '2030-03-17T10:00:00.000Z' })),
    );
    renderWithApp(<TradeCard trade={failedTrade()} />);
    expect(await screen.findByText(/The 7 days to appeal this hold ended on Mar 17, 2030/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Appeal the protection hold' })).toBeNull();
  });
});
