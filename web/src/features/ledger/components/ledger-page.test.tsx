// @vitest-environment jsdom
import { commitmentPreimage, type LedgerEntry, type LedgerEntryDetails, type LedgerWindow } from '@soleswap/contracts/ledger';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-app';
import { LedgerPage } from './ledger-page';

const hashOf = (n: number) => n.toString(16).padStart(64, '0');

function entry(id: number, event: LedgerEntry['event'], tradeRef = 'a1b2c3d4e5f6a1b2c3d4e5f6'): LedgerEntry {
  return {
    id,
    event,
    tradeRef,
    commitment: 'c'.repeat(64),
    prevHash: hashOf(id - 1),
    hash: hashOf(id),
    createdAt: '2025-03-01T12:00:00.000Z',
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A party's view of entry 2 (trade 42), committed to for real unless `commitment` says otherwise. */
async function detailsOf(publicEntry: LedgerEntry, payload: Record<string, unknown>): Promise<LedgerEntryDetails> {
  const details = { tradeId: 42, payload };
  const salt = 'f00d'.repeat(8);
  const commitment = await sha256Hex(commitmentPreimage(salt, details));
  return { hash: publicEntry.hash, tradeRef: publicEntry.tradeRef, commitment, salt, details, matchesCommitment: true };
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

  it('shows a visitor the public form only: a trade reference and a commitment, no trade or payload', async () => {
    serveWindow({
      entry: entry(2, 'lock'),
      before: [entry(1, 'lock', 'ffffeeeeddddccccbbbbaaaa')],
      after: [],
      verification: { valid: true, checked: 2, brokenAt: null },
    });
    renderWithApp(<LedgerPage hash={hashOf(2)} />, { path: `/ledger/${hashOf(2)}` });

    expect(await screen.findByText('a1b2c3d4e5f6a1b2c3d4e5f6')).toBeTruthy();
    expect(screen.getByText('c'.repeat(64))).toBeTruthy();
    expect(screen.getByText('ref ffffeeee')).toBeTruthy();
    expect(screen.queryByText(/trade #/)).toBeNull();
    expect(screen.queryByRole('heading', { name: "Your trade's details" })).toBeNull();
  });

  it("shows a party the trade's details and that they match the public commitment", async () => {
    const shown = entry(2, 'lock');
    const details = await detailsOf(shown, { proposerSneakerIds: [7], receiverSneakerIds: [8] });
    shown.commitment = details.commitment;
    serveWindow({
      entry: shown,
      before: [entry(1, 'lock', 'ffffeeeeddddccccbbbbaaaa')],
      after: [entry(3, 'ship')],
      verification: { valid: true, checked: 3, brokenAt: null },
    });
    server.use(http.get(`*/api/ledger/entries/${shown.hash}/details`, () => HttpResponse.json(details)));
    renderWithApp(<LedgerPage hash={shown.hash} isSignedIn />, { path: `/ledger/${shown.hash}` });

    expect(await screen.findByRole('heading', { name: "Your trade's details" })).toBeTruthy();
    expect(await screen.findByText('Matches the public commitment (checked in your browser)')).toBeTruthy();
    expect(screen.getByText('#42')).toBeTruthy();
    expect(screen.getByText(details.salt)).toBeTruthy();
    expect(screen.getByText(/"proposerSneakerIds"/)).toBeTruthy();
    // This trade's own entries in the chain are named by its number; another trade's by its reference.
    expect(screen.getByRole('link', { name: 'Entry #3: Parcel shipped' }).textContent).toContain('trade #42');
    expect(screen.getByRole('link', { name: 'Entry #1: Escrow locked' }).textContent).toContain('ref ffffeeee');
  });

  it("shows a loop trade's member the loop's details, checked against the commitment", async () => {
    const shown = entry(2, 'lock');
    const details = { loopId: 9, payload: { legs: [] } };
    const salt = 'beef'.repeat(8);
    const commitment = await sha256Hex(commitmentPreimage(salt, details));
    shown.commitment = commitment;
    serveWindow({ entry: shown, before: [], after: [entry(3, 'ship')], verification: { valid: true, checked: 2, brokenAt: null } });
    server.use(
      http.get(`*/api/ledger/entries/${shown.hash}/details`, () =>
        HttpResponse.json({ hash: shown.hash, tradeRef: shown.tradeRef, commitment, salt, details, matchesCommitment: true }),
      ),
    );
    renderWithApp(<LedgerPage hash={shown.hash} isSignedIn />, { path: `/ledger/${shown.hash}` });

    expect(await screen.findByText('Matches the public commitment (checked in your browser)')).toBeTruthy();
    expect(screen.getByText('Loop trade')).toBeTruthy();
    expect(screen.getByText('#9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Entry #3: Parcel shipped' }).textContent).toContain('loop #9');
  });

  it('warns a party when the details do not match the public commitment', async () => {
    const shown = entry(2, 'lock');
    const details = await detailsOf(shown, { side: 'proposer' });
    serveWindow({ entry: shown, before: [], after: [], verification: { valid: true, checked: 1, brokenAt: null } });
    server.use(http.get(`*/api/ledger/entries/${shown.hash}/details`, () => HttpResponse.json(details)));
    renderWithApp(<LedgerPage hash={shown.hash} isSignedIn />, { path: `/ledger/${shown.hash}` });

    expect(await screen.findByText('Does not match the public commitment (checked in your browser)')).toBeTruthy();
  });

  it('shows a signed-in stranger the public form only', async () => {
    serveWindow({ entry: entry(2, 'lock'), before: [], after: [], verification: { valid: true, checked: 1, brokenAt: null } });
    let asked = false;
    server.use(
      http.get(`*/api/ledger/entries/${hashOf(2)}/details`, () => {
        asked = true;
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'Ledger entry not found' }, { status: 404 });
      }),
    );
    renderWithApp(<LedgerPage hash={hashOf(2)} isSignedIn />, { path: `/ledger/${hashOf(2)}` });

    expect(await screen.findByText('Chain verified: 1 entry checked')).toBeTruthy();
    expect(asked).toBe(true);
    expect(screen.queryByRole('heading', { name: "Your trade's details" })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when no entry has the hash', async () => {
    server.use(
      http.get('*/api/ledger/entries/:hash', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Ledger entry not found' }, { status: 404 })),
    );
    renderWithApp(<LedgerPage hash="nope" />, { path: '/ledger/nope' });
    expect(await screen.findByRole('heading', { name: 'Ledger entry not found' })).toBeTruthy();
  });
});
