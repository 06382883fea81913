// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TradeShipping } from '@soleswap/contracts/shipping';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { buildConfig, buildLabel, buildShipping, serveShipping, TRADE_ID } from '../test/build-shipping';
import { TradeShippingPanel, type TradeShippingPanelProps } from './trade-shipping-panel';

const NO_WINDOW = { outgoing: null, incoming: null };

function renderPanel(props: Partial<TradeShippingPanelProps> = {}) {
  return renderWithApp(<TradeShippingPanel tradeId={TRADE_ID} partnerName="bob" canShip receiveBy={NO_WINDOW} {...props} />);
}

async function myParcel() {
  return within(await screen.findByRole('region', { name: 'Your parcel' }));
}

describe('the shipping label panel of a direct trade (issue #43)', () => {
  it('buys my label in the box I choose, then offers the one PDF and the tracking number, with nothing to type', async () => {
    const sent: unknown[] = [];
    let shipping = buildShipping(null);
    serveShipping(buildConfig(), () => shipping);
    server.use(
      http.post(`*/api/trades/${TRADE_ID}/label`, async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        shipping = buildShipping(buildLabel());
        return HttpResponse.json(shipping.legs[1]!.label, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    const mine = await myParcel();
    const form = within(mine.getByRole('form', { name: 'Buy a shipping label' }));
    expect(form.getByText('The platform pays for your label.')).toBeTruthy();
    // The platform pays: no prices beside the boxes.
    expect(form.queryByText(/\$8\.40/)).toBeNull();
    expect((form.getByRole('radio', { name: /One pair in its box/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(form.getByRole('radio', { name: /Two pairs in their boxes/ }));
    await user.click(form.getByRole('button', { name: 'Buy label' }));

    const print = await mine.findByRole('link', { name: 'Print label and packing slip (PDF, opens in a new tab)' });
    expect(print.getAttribute('href')).toBe(`/api/trades/${TRADE_ID}/label.pdf`);
    expect(mine.getByTestId('label-tracking-number').textContent).toBe('1Z5R89390357567127');
    expect(mine.queryByRole('textbox')).toBeNull();
    expect(mine.queryByRole('form', { name: 'Buy a shipping label' })).toBeNull();
    expect(sent).toEqual([{ body: { preset: 'two-pairs' }, key: expect.any(String) }]);
    // Bought is not shipped: the leg waits for the carrier's first scan.
    expect(mine.getByText('Label created: not shipped until the carrier scans the parcel.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'bob’s parcel' }).textContent).toContain('bob has not bought a label yet.');
  });

  it('when the sender pays, says the price from the wallet before buying, and shows a refusal in the form', async () => {
    const sent: unknown[] = [];
    serveShipping(buildConfig({ labelPayer: 'sender' }), () => buildShipping(null));
    server.use(
      http.post(`*/api/trades/${TRADE_ID}/label`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 'INSUFFICIENT_FUNDS', message: 'Your wallet holds $2.00; the label costs $8.40.' }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    const form = within((await myParcel()).getByRole('form', { name: 'Buy a shipping label' }));
    expect(form.getByText('$8.40 from your wallet.')).toBeTruthy();
    await user.click(form.getByRole('radio', { name: /Two pairs without their boxes/ }));
    expect(form.getByText('$12.75 from your wallet.')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Buy label' }));
    expect((await form.findByRole('alert')).textContent).toBe('Your wallet holds $2.00; the label costs $8.40.');
    expect(sent).toEqual([{ preset: 'two-pairs-no-box', payWith: 'wallet' }]);
  });

  it('waits for the other side’s ship-to before a label can be bought', async () => {
    serveShipping(buildConfig(), () => buildShipping(null, null, { canBuyLabel: false }));
    renderPanel();
    const mine = await myParcel();
    expect(mine.getByText('You can buy a label once bob has chosen a ship-to address for this trade.')).toBeTruthy();
    expect(mine.queryByRole('button', { name: 'Buy label' })).toBeNull();
  });

  it('offers my own carrier beside the label only where typed numbers are on', async () => {
    serveShipping(buildConfig({ manualNumbers: true }), () => buildShipping(null));
    const { unmount } = renderPanel({ ownCarrier: <button type="button">Use my own carrier</button> });
    expect((await myParcel()).getByRole('button', { name: 'Use my own carrier' })).toBeTruthy();
    unmount();

    serveShipping(buildConfig({ manualNumbers: false }), () => buildShipping(null));
    renderPanel({ ownCarrier: <button type="button">Use my own carrier</button> });
    const mine = await myParcel();
    expect(mine.getByRole('button', { name: 'Buy label' })).toBeTruthy();
    expect(mine.queryByRole('button', { name: 'Use my own carrier' })).toBeNull();
  });

  it('shows the carrier’s timeline: shipped at the first scan, delivered with the receive window, a destination warning', async () => {
    const shipping: TradeShipping = buildShipping(
      buildLabel({
        status: 'in_transit',
        firstScanAt: '2030-03-11T09:00:00.000Z',
        events: [
          { status: 'pre_transit', message: 'Label created', location: null, occurredAt: '2030-03-10T10:00:00.000Z' },
          { status: 'in_transit', message: 'Picked up', location: 'Austin, TX', occurredAt: '2030-03-11T09:00:00.000Z' },
        ],
      }),
      buildLabel({
        id: 8,
        legKey: `${TRADE_ID}:receiver`,
        trackingNumber: '9400111899223100001234',
        carrier: 'usps',
        status: 'delivered',
        firstScanAt: '2030-03-11T08:00:00.000Z',
        deliveredAt: '2030-03-12T15:00:00.000Z',
        destinationMismatch: true,
        events: [{ status: 'delivered', message: 'Left at front door', location: 'Denver, CO 80202', occurredAt: '2030-03-12T15:00:00.000Z' }],
      }),
    );
    serveShipping(buildConfig(), () => shipping);
    renderPanel({ canShip: false, receiveBy: { outgoing: null, incoming: '2030-03-15T15:00:00.000Z' } });
    const mine = await myParcel();
    expect(mine.getByText(/^Shipped/).textContent).toMatch(/^Shipped .+ \(the carrier’s first scan\)\.$/);
    const myTimeline = within(mine.getByRole('list', { name: 'Carrier timeline of your parcel' }));
    expect(myTimeline.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Label created/),
      expect.stringMatching(/^In transitPicked up.*· Austin, TX$/),
    ]);

    const theirs = within(screen.getByRole('region', { name: 'bob’s parcel' }));
    const delivered = theirs.getByText(/^Delivered\s+—/);
    expect(delivered.textContent).toMatch(/— confirm receipt by .*, after that it is received automatically\.$/);
    expect(delivered.querySelectorAll('time')[1]?.getAttribute('dateTime')).toBe('2030-03-15T15:00:00.000Z');
    expect(theirs.getByRole('note').textContent).toContain('a different postal code than the ship-to address');
    expect(theirs.getByText('Denver, CO 80202', { exact: false })).toBeTruthy();
    expect(mine.queryByRole('note')).toBeNull();
  });

  it('says plainly when a parcel is returned to its sender or its delivery failed', async () => {
    serveShipping(buildConfig(), () =>
      buildShipping(
        buildLabel({ status: 'return_to_sender', firstScanAt: '2030-03-11T09:00:00.000Z' }),
        buildLabel({ id: 8, trackingNumber: '986578788855', carrier: 'fedex', status: 'failure', firstScanAt: '2030-03-11T09:00:00.000Z' }),
      ),
    );
    renderPanel({ canShip: false });
    expect((await myParcel()).getByText(/^Returned to sender: the carrier is sending this parcel back to you\./)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'bob’s parcel' })).getByText(/^Delivery failed/)).toBeTruthy();
  });

  it('moves a parcel through the sandbox carrier from the keyboard, only where the development control is on', async () => {
    const advanced: unknown[] = [];
    let shipping = buildShipping(buildLabel());
    serveShipping(buildConfig({ developmentControl: true }), () => shipping);
    server.use(
      http.post('*/api/shipping/sandbox/parcels/:trackingNumber/advance', async ({ request, params }) => {
        advanced.push({ trackingNumber: params.trackingNumber, body: await request.json() });
        shipping = buildShipping(
          buildLabel({ status: 'delivered', firstScanAt: '2030-03-11T09:00:00.000Z', deliveredAt: '2030-03-12T15:00:00.000Z' }),
        );
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderPanel({ receiveBy: { outgoing: '2030-03-15T15:00:00.000Z', incoming: null } });
    const control = within((await myParcel()).getByRole('group', { name: 'Sandbox carrier' }));
    expect(control.getByText('Test control')).toBeTruthy();
    expect(control.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'In transit',
      'Out for delivery',
      'Delivered',
      'Returned to sender',
      'Failure',
    ]);
    control.getByRole('button', { name: 'Delivered' }).focus();
    await user.keyboard('{Enter}');
    expect(await (await myParcel()).findByText(/— bob confirms receipt by .*, after that it is received automatically\./)).toBeTruthy();
    expect(advanced).toEqual([{ trackingNumber: '1Z5R89390357567127', body: { status: 'delivered' } }]);
  });

  it('has no sandbox control without the development control', async () => {
    serveShipping(buildConfig(), () => buildShipping(buildLabel()));
    renderPanel();
    await myParcel();
    expect(screen.queryByRole('group', { name: 'Sandbox carrier' })).toBeNull();
  });

  it('says the labels could not be loaded, and loads them again on request', async () => {
    let fails = true;
    server.use(
      http.get('*/api/shipping/config', () => HttpResponse.json(buildConfig())),
      http.get(`*/api/trades/${TRADE_ID}/shipping`, () =>
        fails ? HttpResponse.json({ code: 'INTERNAL', message: 'Something went wrong' }, { status: 500 }) : HttpResponse.json(buildShipping(null)),
      ),
    );
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByRole('status').textContent).toBe('Loading the shipping labels');
    const alert = await screen.findByRole('alert');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Buy label' })).toBeTruthy();
  });
});
