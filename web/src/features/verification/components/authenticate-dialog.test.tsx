// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VERIFICATION_CHECK_LABELS, VERIFICATION_CHECKS, type VerificationResult } from '@soleswap/contracts/verification';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { AuthenticateDialog } from './authenticate-dialog';

const SNEAKER = { id: 12, name: 'Air Jordan 4 Bred' };

function result(overrides: Partial<VerificationResult> = {}): VerificationResult {
  return {
    isAuthentic: true,
    verificationScore: '0.87',
    marketPrice: '285.00',
    priceRange: { low: '250.00', high: '320.00' },
    source: 'internal',
    verificationDetails: Object.fromEntries(VERIFICATION_CHECKS.map((c) => [c, c !== 'ownerHistory'])) as VerificationResult['verificationDetails'],
    checks: VERIFICATION_CHECKS.map((name) => ({
      name,
      label: VERIFICATION_CHECK_LABELS[name],
      passed: name !== 'ownerHistory',
      weight: 1 / 8,
      critical: false,
      evidence: { observed: `seen ${name}`, expected: `wanted ${name}`, summary: `Summary of ${name}.` },
    })),
    verifiedAt: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

const progress = () => Number(screen.getByRole('progressbar', { name: 'Verification progress' }).getAttribute('aria-valuenow'));

function Harness() {
  return <AuthenticateDialog sneaker={SNEAKER} onClose={() => undefined} />;
}

/** As a page uses it: opened for a sneaker, closed by clearing it. */
function Reopenable() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AuthenticateDialog sneaker={open ? SNEAKER : null} onClose={() => setOpen(false)} />
    </>
  );
}

describe('AuthenticateDialog', () => {
  it('goes from ready (0) through verifying (50) to complete (100) and shows the result with its evidence', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/sneakers/12/verify', async () => {
        await held;
        return HttpResponse.json(result());
      }),
      http.get('/api/sneakers', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<Harness />);

    expect(progress()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(progress()).toBe(50);
    expect(screen.getByRole('status').textContent).toMatch(/Verifying/);
    expect(screen.queryByRole('button', { name: 'Start Verification' })).toBeNull();

    answer();
    const view = await screen.findByRole('region', { name: 'Verification result' });
    expect(progress()).toBe(100);
    expect(within(view).getByText('Authentic')).toBeTruthy();
    expect(within(view).getByText('87%')).toBeTruthy();
    expect(within(view).getByText('$285.00')).toBeTruthy();
    expect(within(view).getByText('$250.00 - $320.00')).toBeTruthy();
    expect(within(view).getByText('INTERNAL')).toBeTruthy();
    const checks = within(view).getAllByRole('listitem');
    // Every check the server runs, in its order.
    expect(checks).toHaveLength(VERIFICATION_CHECKS.length);
    expect(checks[0]!.textContent).toContain('Matches the catalogue release: Passed');
    const owner = checks[VERIFICATION_CHECKS.indexOf('ownerHistory')]!;
    expect(owner.textContent).toContain('Owner history: Failed');
    expect(owner.textContent).toContain('Summary of ownerHistory.');
    expect(owner.textContent).toContain('Seen: seen ownerHistory · Compared with: wanted ownerHistory');
    expect(await screen.findByText('Air Jordan 4 Bred has been authenticated')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('follows a slow verification (202) to its result and words a non-authentic one "flagged for review"', async () => {
    server.use(
      http.post('/api/sneakers/12/verify', () =>
        HttpResponse.json({ id: 7, sneakerId: 12, status: 'queued', result: null, error: null }, { status: 202 }),
      ),
      http.get('/api/verifications/7', () =>
        HttpResponse.json({
          id: 7,
          sneakerId: 12,
          status: 'done',
          result: result({ isAuthentic: false, verificationScore: '0.40', marketPrice: null, priceRange: null }),
          error: null,
        }),
      ),
      http.get('/api/sneakers', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    const view = await screen.findByRole('region', { name: 'Verification result' }, { timeout: 4000 });
    expect(within(view).getByText('Flagged for review')).toBeTruthy();
    expect(within(view).getByText('40%')).toBeTruthy();
    expect(within(view).getAllByText('No market data')).toHaveLength(2);
    expect(await screen.findByText('Air Jordan 4 Bred has been flagged for review')).toBeTruthy();
  });

  it('goes back to ready with "Verification Failed" when the call fails', async () => {
    server.use(http.post('/api/sneakers/12/verify', () => HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    expect(await screen.findByText('Unable to verify sneaker. Please try again.')).toBeTruthy();
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(progress()).toBe(0);
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeTruthy();
  });

  it('resets to ready when closed with Done and opened again', async () => {
    server.use(
      http.post('/api/sneakers/12/verify', () => HttpResponse.json(result())),
      http.get('/api/sneakers', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderWithApp(<Reopenable />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Start Verification' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(progress()).toBe(0);
    expect(screen.getByRole('button', { name: 'Start Verification' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Verification result' })).toBeNull();
  });
});
