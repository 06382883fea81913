// @vitest-environment jsdom
import type { LedgerEntry, LedgerWindow } from '@soleswap/contracts/trades';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { LedgerPage } from './ledger-page';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const hashOf = (n: number) => n.toString(16).padStart(64, '0');

function entry(id: number, event: LedgerEntry['event']): LedgerEntry {
  return {
    id,
    tradeId: 42,
    event,
    payload: { side: 'proposer' },
    prevHash: hashOf(id - 1),
    hash: hashOf(id),
    createdAt: '2025-03-01T12:00:00.000Z',
  };
}

function serveWindow(window: LedgerWindow) {
  server.use(http.get(`*/api/ledger/entries/${window.entry.hash}`, () => HttpResponse.json(window)));
}

describe('ledger page', () => {
  it('shows the entry, links the chain around it and reports a verified chain', async () => {
    serveWindow({
      entry: entry(2, 'lock'),
      before: [entry(1, 'lock')],
      after: [entry(3, 'ship')],
      verification: { valid: true, checked: 3, brokenAt: null },
    });
    renderWithApp(<LedgerPage hash={hashOf(2)} />, { path: `/ledger/${hashOf(2)}` });

    expect(await screen.findByText('Chain verified: 3 entries checked')).toBeTruthy();
    expect(screen.getByText(hashOf(2))).toBeTruthy();
    expect(screen.getByText(hashOf(1))).toBeTruthy(); // the previous hash
    expect(screen.getByRole('link', { name: 'Entry #1: Escrow locked' }).getAttribute('href')).toBe(`/ledger/${hashOf(1)}`);
    expect(screen.getByRole('link', { name: 'Entry #3: Parcel shipped' }).getAttribute('href')).toBe(`/ledger/${hashOf(3)}`);
  });

  it('names the first broken link, and checks the whole ledger on request', async () => {
    serveWindow({
      entry: entry(2, 'lock'),
      before: [],
      after: [],
      verification: { valid: false, checked: 2, brokenAt: { id: 2, expectedHash: hashOf(9), actualHash: hashOf(2), reason: 'hash' } },
    });
    server.use(http.get('*/api/ledger/verify', () => HttpResponse.json({ valid: true, checked: 120, brokenAt: null })));
    const user = userEvent.setup();
    renderWithApp(<LedgerPage hash={hashOf(2)} />, { path: `/ledger/${hashOf(2)}` });

    expect(await screen.findByText('Broken link at entry #2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify whole ledger' }));
    expect(await screen.findByText('Chain verified: 120 entries checked')).toBeTruthy();
  });

  it('says so when no entry has the hash', async () => {
    server.use(
      http.get('*/api/ledger/entries/:hash', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Ledger entry not found' }, { status: 404 }),
      ),
    );
    renderWithApp(<LedgerPage hash="nope" />, { path: '/ledger/nope' });
    expect(await screen.findByRole('heading', { name: 'Ledger entry not found' })).toBeTruthy();
  });
});
