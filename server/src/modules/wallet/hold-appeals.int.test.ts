import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOLD_APPEAL_DAYS } from '@soleswap/contracts/hold-appeals';
import { DAY_MS } from '@soleswap/contracts/time';
import { payouts } from '../../db/schema/index';
import { signIn, TestClient, useTestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from '../identity/dev-mailbox';
import { CENTRE_ENV, inspector } from '../inspection/inspection.int-helpers';
import { GOOD_CARD, moneyViolations, settleCashNow } from '../trades/protection-holds.int-helpers';
import { TRACKING, chooseShipTos, expectLedgerValidAfterAll, memberWithSneakers, proposal } from '../trades/trades.int-helpers';
import { insertWalletMovement } from './wallet.repository';

/** Factory pairs are worth $250 by their owners' estimates: above the $200 threshold, so new members owe $250. */
const HOLD = 25000;
const NOTES = 'The size tag reads 9, the listing says 10, and the box label does not match.';

/** A distinct little picture each time, as a data URL for POST /api/uploads. */
let shade = 0;
async function photoDataUrl(): Promise<string> {
  shade += 1;
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: (shade * 41) % 256, g: (shade * 89) % 256, b: 120 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Issue #40: a failed inspection took the owner's protection hold without a word, the wallet gave the
 * wrong reason, and there was no appeal. Now both members are told what failed (bell and e-mail, with
 * the inspector's notes and photos), the wallet names why, and the owner may appeal within 7 days to
 * an admin, who reverses the capture (the money goes back, once) or upholds it.
 */
describe('a failed inspection, its notice and the appeal of the hold (issue #40)', () => {
  const testApp = useTestApp({ ...CENTRE_ENV, PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  expectLedgerValidAfterAll(testApp);

  const ctx = () => testApp().ctx;
  /** The mail sent to `to`, once the listeners that send it have run. */
  async function mails(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
    await ctx().events.idle();
    const sent = (await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    return sent.filter((m) => m.to === to);
  }
  /** The member's bell of that kind, once the events so far have been heard (the notices are stored after commit). */
  const bell = async (member: TestClient, kind: string) => {
    await testApp().ctx.events.idle();
    return ((await member.get('/api/notifications')).body.items as Array<{ kind: string; text: string; link: string }>).filter(
      (n) => n.kind === kind,
    );
  };
  const balanceOf = async (member: TestClient) => (await member.get('/api/wallet')).body.balanceCents as number;

  /** Alice and Bob, both new (each owes a $250 hold), trade via the centre; Alice's pair fails with notes and a photo; the money settles. */
  async function failedTrade() {
    const alice = await memberWithSneakers(testApp(), 'alice', 1);
    const bob = await memberWithSneakers(testApp(), 'bob', 1);
    const proposed = await alice.post('/api/trades', { ...proposal(alice, bob), viaAuthentication: true, cashCard: GOOD_CARD });
    expect(proposed.status).toBe(201);
    const tradeId = proposed.body.id as number;
    // A via-centre trade is accepted once both members chose where a pair comes to them.
    await chooseShipTos(tradeId, alice, bob);
    expect((await bob.post(`/api/trades/${tradeId}/accept`, { cashCard: GOOD_CARD })).status).toBe(200);
    expect((await alice.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.ups })).status).toBe(200);
    expect((await bob.post(`/api/trades/${tradeId}/ship`, { trackingNumber: TRACKING.usps })).status).toBe(200);
    const pairs = (await alice.get(`/api/trades/${tradeId}/inspection`)).body.pairs as Array<{ id: number; side: string }>;
    const alicePair = pairs.find((p) => p.side === 'proposer')!.id;
    const bobPair = pairs.find((p) => p.side === 'receiver')!.id;
    const centre = await inspector(testApp());
    for (const pair of [alicePair, bobPair]) expect((await centre.post(`/api/inspection/pairs/${pair}/receive`)).status).toBe(200);
    expect((await centre.post(`/api/inspection/pairs/${bobPair}/pass`, { notes: 'Matches the listing photos.' })).status).toBe(200);
    const photo = await centre.post('/api/uploads', { dataUrl: await photoDataUrl() });
    expect(photo.status).toBe(201);
    const failed = await centre.post(`/api/inspection/pairs/${alicePair}/fail`, { notes: NOTES, photoUrls: [photo.body.imageUrl] });
    expect(failed.status).toBe(200);
    await settleCashNow(ctx());
    await ctx().events.idle();
    return { alice, bob, tradeId, photoUrl: photo.body.imageUrl as string };
  }

  const admin = () => signIn(testApp().app, { email: `admin-${++shade}@example.com`, username: `admin${shade}`, role: 'admin' });

  it('tells both members that a pair failed, with the inspector’s notes and photos, in the bell and by e-mail', async () => {
    const { alice, bob, tradeId, photoUrl } = await failedTrade();

    const [aliceNote] = await bell(alice, 'trade.inspection-failed');
    expect(aliceNote!.link).toBe(`/trades?trade=${tradeId}`);
    expect(aliceNote!.text).toContain('Your pair');
    expect(aliceNote!.text).toContain(NOTES);
    expect(aliceNote!.text).toContain('1 inspection photo');
    expect(aliceNote!.text).toContain(`Your $250 protection hold is paid to ${bob.user.username}; you may appeal within 7 days`);
    const [bobNote] = await bell(bob, 'trade.inspection-failed');
    expect(bobNote!.text).toContain(`${alice.user.username}'s pair`);
    expect(bobNote!.text).toContain(NOTES);
    expect(bobNote!.text).toContain('Their $250 protection hold is paid to your wallet');

    const origin = ctx().env.APP_ORIGIN;
    for (const member of [alice, bob]) {
      const [mail] = await mails(member.user.email);
      expect(mail!.subject).toContain(`Trade #${tradeId}`);
      expect(mail!.text).toContain(NOTES);
      expect(mail!.text).toContain(`${origin}/trades?trade=${tradeId}`);
      expect(mail!.text).toContain(`${origin}${photoUrl}`);
    }
    expect((await mails(alice.user.email))[0]!.text).toContain('appeal');
    // The photo link opens for the members (the trade page shows the same one).
    expect(
      (await alice.get(`/api/trades/${tradeId}/inspection`)).body.pairs.some((p: { photoUrls: string[] }) => p.photoUrls.includes(photoUrl)),
    ).toBe(true);
  });

  it('names why the hold was captured, and whose it was, on the wallet entry of the member it was paid to', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    expect((await bob.get('/api/wallet')).body.entries).toEqual([
      expect.objectContaining({
        kind: 'protection_hold_credit',
        amountCents: HOLD,
        tradeId,
        holdCapture: { reason: 'failed_authentication', memberName: alice.user.username },
      }),
    ]);
  });

  it('lets only the member whose pair failed appeal, once, within 7 days, and tells the other member', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    const stranger = await memberWithSneakers(testApp(), 'cy', 0);
    const reason = { reason: 'The size tag was replaced by the factory; the receipt shows size 10.' };

    expect((await alice.get(`/api/trades/${tradeId}/hold-appeal`)).body).toMatchObject({ appeal: null, canAppeal: true });
    expect((await bob.get(`/api/trades/${tradeId}/hold-appeal`)).body).toMatchObject({ appeal: null, canAppeal: false, appealBy: null });
    expect((await bob.post(`/api/trades/${tradeId}/hold-appeal`, reason)).status).toBe(403);
    expect((await stranger.post(`/api/trades/${tradeId}/hold-appeal`, reason)).status).toBe(404);
    expect((await stranger.get(`/api/trades/${tradeId}/hold-appeal`)).status).toBe(404);
    expect((await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: ' ' })).status).toBe(400);

    const filed = await alice.post(`/api/trades/${tradeId}/hold-appeal`, reason);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      tradeId,
      status: 'open',
      amountCents: HOLD,
      captureReason: 'failed_authentication',
      reason: reason.reason,
      ruling: null,
    });
    const again = await alice.post(`/api/trades/${tradeId}/hold-appeal`, reason);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('APPEAL_INVALID_TRANSITION');
    expect((await alice.get(`/api/trades/${tradeId}/hold-appeal`)).body).toMatchObject({ appeal: { status: 'open' }, canAppeal: false });
    expect((await bell(bob, 'trade.hold-appeal'))[0]!.text).toContain(`${alice.user.username} appealed`);
    // Filing moves no money.
    expect(await balanceOf(bob)).toBe(HOLD);
    expect(await balanceOf(alice)).toBe(0);
  });

  it('refuses an appeal filed more than 7 days after the capture (409)', async () => {
    const { alice, tradeId } = await failedTrade();
    const realNow = ctx().now;
    ctx().now = () => new Date(Date.now() + HOLD_APPEAL_DAYS * DAY_MS + 60_000);
    try {
      expect((await alice.get(`/api/trades/${tradeId}/hold-appeal`)).body).toMatchObject({ canAppeal: false });
      const late = await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: 'I only saw it now.' });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'APPEAL_INVALID_TRANSITION', message: 'The 7 days to appeal this hold have passed' });
    } finally {
      ctx().now = realNow;
    }
  });

  it('an admin reversing the capture gives the hold back once, names it in both wallets and tells both members with the note', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    const appeal = await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: 'The tag was the factory’s.' });
    const boss = await admin();
    const queue = await boss.get('/api/admin/hold-appeals');
    expect(queue.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: appeal.body.id, status: 'open', allowedActions: ['reverse', 'uphold'] })]),
    );
    expect((await alice.post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note: 'Nope' })).status).toBe(403);

    const note = 'The factory replaced the tag; the receipt proves the size.';
    const reversed = await boss.post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: 'reversed', ruling: { note }, takenBackCents: HOLD, platformCents: 0, allowedActions: [] });
    expect(await balanceOf(alice)).toBe(HOLD);
    expect(await balanceOf(bob)).toBe(0);
    expect((await alice.get('/api/wallet')).body.entries[0]).toMatchObject({
      kind: 'protection_hold_refund',
      amountCents: HOLD,
      holdCapture: { reason: 'failed_authentication', memberName: bob.user.username },
    });
    expect((await bob.get('/api/wallet')).body.entries[0]).toMatchObject({
      kind: 'protection_hold_reversal',
      amountCents: -HOLD,
      holdCapture: { reason: 'failed_authentication', memberName: alice.user.username },
    });
    for (const member of [alice, bob]) {
      expect((await bell(member, 'trade.hold-appeal')).some((n) => n.text.includes(note))).toBe(true);
      expect((await mails(member.user.email)).some((m) => m.text.includes(note))).toBe(true);
    }
    expect((await alice.get(`/api/trades/${tradeId}/hold-appeal`)).body.appeal).toMatchObject({ status: 'reversed', ruling: { note } });
    expect((await boss.get('/api/admin/hold-appeals')).body.some((a: { id: number }) => a.id === appeal.body.id)).toBe(false);

    // Sent again: the appeal as it stands, nothing moves twice; the other ruling is refused.
    const twice = await boss.post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note });
    expect(twice.status).toBe(200);
    expect(twice.body.status).toBe('reversed');
    expect((await boss.post(`/api/admin/hold-appeals/${appeal.body.id}/uphold`, { note })).status).toBe(409);
    expect(await balanceOf(alice)).toBe(HOLD);
    expect(await balanceOf(bob)).toBe(0);
    expect(await moneyViolations(ctx().db)).toEqual([]);
  });

  it('two admins reversing at once move the money once', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    const appeal = await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: 'Wrong call.' });
    const [one, two] = [await admin(), await admin()];
    const rulings = await Promise.all(
      [one, two].map((boss) => boss.post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note: 'Overturned.' })),
    );
    expect(rulings.map((r) => [r.status, r.body.status])).toEqual([
      [200, 'reversed'],
      [200, 'reversed'],
    ]);
    expect(await balanceOf(alice)).toBe(HOLD);
    expect(await balanceOf(bob)).toBe(0);
    expect(await moneyViolations(ctx().db)).toEqual([]);
  });

  it('reverses a hold the other member already withdrew: what they no longer hold is paid by the platform, never below zero', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    // Bob withdrew all but $40 of it (a paid payout and its entry, as a withdrawal writes them).
    const [payout] = await ctx()
      .db.insert(payouts)
      .values({ userId: bob.user.id, amountCents: HOLD - 4000, status: 'paid', provider: 'sandbox' })
      .returning();
    await insertWalletMovement(ctx().db, { userId: bob.user.id, kind: 'payout', amountCents: -(HOLD - 4000), payoutId: payout!.id, at: new Date() });
    const appeal = await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: 'Wrong call.' });
    const reversed = await (await admin()).post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note: 'Overturned.' });
    expect(reversed.body).toMatchObject({ status: 'reversed', takenBackCents: 4000, platformCents: HOLD - 4000 });
    expect(await balanceOf(alice)).toBe(HOLD);
    expect(await balanceOf(bob)).toBe(0);
    expect(await moneyViolations(ctx().db)).toEqual([]);
  });

  it('an admin upholding the capture moves no money, tells both members with the note, and refuses a reversal after', async () => {
    const { alice, bob, tradeId } = await failedTrade();
    const appeal = await alice.post(`/api/trades/${tradeId}/hold-appeal`, { reason: 'Please look again.' });
    const boss = await admin();
    const note = 'The photos show a different size tag from the listing.';
    const upheld = await boss.post(`/api/admin/hold-appeals/${appeal.body.id}/uphold`, { note });
    expect(upheld.status).toBe(200);
    expect(upheld.body).toMatchObject({ status: 'upheld', ruling: { note }, takenBackCents: 0, platformCents: 0 });
    expect(await balanceOf(alice)).toBe(0);
    expect(await balanceOf(bob)).toBe(HOLD);
    const [aliceNote] = await bell(alice, 'trade.hold-appeal');
    expect(aliceNote!.text).toContain('turned down');
    expect(aliceNote!.text).toContain(note);
    expect((await bell(bob, 'trade.hold-appeal')).some((n) => n.text.includes('upheld') && n.text.includes(note))).toBe(true);
    const reverse = await boss.post(`/api/admin/hold-appeals/${appeal.body.id}/reverse`, { note });
    expect(reverse.status).toBe(409);
    expect(await balanceOf(bob)).toBe(HOLD);
    expect(await moneyViolations(ctx().db)).toEqual([]);
  });
});
