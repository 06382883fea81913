// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AddressForm } from './address-form';

const TYPED = { name: 'Vera Verify', line1: '12 main street', line2: null, city: 'austin', region: 'TX', postalCode: '78701', country: 'US' };
const SUGGESTED = { ...TYPED, line1: '12 MAIN ST', city: 'AUSTIN', postalCode: '78701-1234' };

async function fillAndSave() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Recipient name'), TYPED.name);
  await user.type(screen.getByLabelText('Address line 1'), TYPED.line1);
  await user.type(screen.getByLabelText('City'), TYPED.city);
  await user.selectOptions(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP code'), TYPED.postalCode);
  await user.click(screen.getByRole('button', { name: 'Save address' }));
  return user;
}

describe('the address form, verified by the carrier', () => {
  it('shows the carrier’s suggestion beside what was typed, and saves the one chosen', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/addresses', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.acceptSuggestion) return HttpResponse.json({ id: 7, ...SUGGESTED, createdAt: '', updatedAt: '' }, { status: 201 });
        return HttpResponse.json(
          {
            code: 'ADDRESS_SUGGESTION',
            message: 'The carrier knows this address in a corrected form',
            details: { typed: TYPED, suggestion: SUGGESTED, messages: [] },
          },
          { status: 422 },
        );
      }),
    );
    const onSaved = vi.fn();
    renderWithApp(<AddressForm onSaved={onSaved} />);
    const user = await fillAndSave();

    const panel = await screen.findByRole('region', { name: 'Suggested address' });
    expect(within(panel).getByText('12 main street')).toBeTruthy();
    expect(within(panel).getByText('12 MAIN ST')).toBeTruthy();
    expect(within(panel).getByText('AUSTIN, TX 78701-1234')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Use suggested' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 7, line1: '12 MAIN ST' })));
    expect(sent[0]).not.toHaveProperty('acceptSuggestion');
    expect(sent[1]).toMatchObject({ line1: '12 main street', acceptSuggestion: true });
    expect(screen.queryByRole('region', { name: 'Suggested address' })).toBeNull();
  });

  it('keeps the address as typed when the member says so', async () => {
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/addresses', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.keepAsTyped) return HttpResponse.json({ id: 8, ...TYPED, createdAt: '', updatedAt: '' }, { status: 201 });
        return HttpResponse.json(
          { code: 'ADDRESS_SUGGESTION', message: 'Corrected form', details: { typed: TYPED, suggestion: SUGGESTED, messages: [] } },
          { status: 422 },
        );
      }),
    );
    const onSaved = vi.fn();
    renderWithApp(<AddressForm onSaved={onSaved} />);
    const user = await fillAndSave();
    await user.click(await screen.findByRole('button', { name: 'Keep as typed' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 8 })));
    expect(sent[1]).toMatchObject({ line1: '12 main street', keepAsTyped: true });
  });

  it('shows the carrier’s own words when it cannot deliver to the address', async () => {
    server.use(
      http.post('*/api/addresses', () =>
        HttpResponse.json({ code: 'ADDRESS_UNDELIVERABLE', message: 'Address not found. House number is invalid.' }, { status: 422 }),
      ),
    );
    renderWithApp(<AddressForm />);
    await fillAndSave();
    expect((await screen.findByRole('alert')).textContent).toBe('Address not found. House number is invalid.');
    expect(screen.queryByRole('region', { name: 'Suggested address' })).toBeNull();
  });
});
