import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashAuthorizations } from '../../db/schema/index';
import { withClockAhead } from '../../../test/clock';
import { TestClient, useTestApp } from '../../../test/test-app';
import { DEV_MAILBOX_PATH } from '../identity/dev-mailbox';
import { notificationsOf } from '../notifications/notifications.int-helpers';
import { JOB_HANDLERS } from '../register-jobs';
import { GOOD_CARD } from '../trades/protection-holds.int-helpers';
import { expectLedgerValidAfterAll, shipBody } from '../trades/trades.int-helpers';
import { acceptWithShipTo, addAddress, addWant, member, pairOf, releasesInSize10, type Member } from './loops.int-helpers';

/**
 * Issue #40: a loop is a trade of several legs (decisions §14), so a member new to trading puts up a
 * protection hold for the pair they send, valued by the rule trades use (the release's market price
 * adjusted for the pair's condition); it is told at acceptance, held, released when the loop
 * completes and captured for the leg's receiver when its sender misses the ship deadline. And a
 * loop tells its members by bell and e-mail, as a trade does.
 */
describe('loop protection holds and notices (issue #40)', () => {
  const testApp = useTestApp({ PROTECTION_HOLD_COMPLETED_TRADES: '3', PROTECTION_HOLD_MIN_VALUE_CENTS: '20000' });
  expectLedgerValidAfterAll(testApp);
  let releases: number[] = [];
  let next = 0;
  beforeAll(async () => {
    releases = await releasesInSize10(testApp());
  });

  /** $400 at market, condition 9: $360 as a trade values it (not the $400 the listing displays). */
  const HOLD = 36_000;

  /**
   * Three members in a ring (each wants the next one's release); Ann, new to trading, sends a pair
   * of a $400 release in condition 9; Ben's and Cat's pairs are worth $150, under the threshold.
   */
  async function loopWithANewTrader() {
    const [r0, r1, r2] = releases.slice(next, (next += 3));
    const [ann, ben, cat] = [await member(testApp(), 'ann'), await member(testApp(), 'ben'), await member(testApp(), 'cat')];
    await pairOf(testApp(), ann, r0!, { marketPrice: '400.00', condition: '9.0', estimatedValue: '380.00' });
    await pairOf(testApp(), ben, r1!, { estimatedValue: '150.00' });
    await pairOf(testApp(), cat, r2!, { estimatedValue: '150.00' });
    await addWant(ann, r1!);
    await addWant(ben, r2!);
    await addWant(cat, r0!);
    const admin = await member(testApp(), 'admin', 'admin');
    const run = await admin.post('/api/admin/loops/run');
    expect(run.status).toBe(200);
    const loopId = (await ann.get('/api/loops')).body[0].id as number;
    expect(run.body.loopIds).toContain(loopId);
    const give = (await ann.get(`/api/loops/${loopId}`)).body.myGive as { position: number; toUserId: string };
    const annGivesTo = [ben, cat].find((m) => m.user.id === give.toUserId)!;
    return { ann, ben, cat, loopId, annGivesTo, annLeg: give.position };
  }

  const holdsOf = async (loopId: number) =>
    (await testApp().ctx.db.select().from(cashAuthorizations).where(eq(cashAuthorizations.loopId, loopId)).orderBy(cashAuthorizations.id)).map(
      (a) => [a.payerId, a.payeeId, a.amountCents, a.status],
    );
  const legOf = async (who: Member, loopId: number, position: number) => (await who.get(`/api/loops/${loopId}`)).body.legs[position];
  /** Lets the loop events' listeners finish, then runs the holds' settle job once, as its schedule would. */
  const settled = async () => {
    await testApp().ctx.events.idle();
    await JOB_HANDLERS['loops.settle-holds']!(testApp().ctx, {});
  };
  const acceptWithCard = async (who: Member, loopId: number) =>
    who.post(`/api/loops/${loopId}/accept`, { shipToAddressId: await addAddress(who), cashCard: GOOD_CARD });
  /** Each member ships the leg they send, in position order. */
  async function shipAll(loopId: number, members: Member[]) {
    for (const who of members) expect((await who.post(`/api/loops/${loopId}/ship`, shipBody())).status).toBe(200);
  }

  it('asks a new trader for a card at acceptance, holds the pair’s value as a trade values it, and releases it when the loop completes', async () => {
    const { ann, ben, cat, loopId, annLeg } = await loopWithANewTrader();
    expect(await legOf(ben, loopId, annLeg)).toMatchObject({ value: '360.00', protectionHold: { amountCents: HOLD, status: 'due' } });
    // Nobody else owes one: their pairs are worth $150.
    expect((await ann.get(`/api/loops/${loopId}`)).body.legs.filter((l: { protectionHold: unknown }) => l.protectionHold !== null)).toHaveLength(1);

    const withoutCard = await ann.post(`/api/loops/${loopId}/accept`, { shipToAddressId: await addAddress(ann) });
    expect(withoutCard.status).toBe(400);
    expect(withoutCard.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cashCard: expect.stringContaining('protection hold') } });
    expect(await legOf(ann, loopId, annLeg)).toMatchObject({ fromAccepted: false, protectionHold: { status: 'due' } });
    expect(await holdsOf(loopId)).toEqual([]);

    expect((await acceptWithCard(ann, loopId)).status).toBe(200);
    expect(await legOf(cat, loopId, annLeg)).toMatchObject({ fromAccepted: true, protectionHold: { amountCents: HOLD, status: 'held' } });
    await acceptWithShipTo(loopId, ben, cat);
    const members = (await ann.get(`/api/loops/${loopId}`)).body.members.map((m: { id: string }) => [ann, ben, cat].find((x) => x.user.id === m.id)!);
    await shipAll(loopId, members);
    for (const who of members) expect((await who.post(`/api/loops/${loopId}/receive`)).status).toBe(200);
    await settled();

    expect((await ann.get(`/api/loops/${loopId}`)).body.status).toBe('completed');
    expect(await legOf(ann, loopId, annLeg)).toMatchObject({ protectionHold: { amountCents: HOLD, status: 'released' } });
    expect((await holdsOf(loopId)).map((h) => h[3])).toEqual(['released']);
    for (const who of [ann, ben, cat]) expect((await who.get('/api/wallet')).body.balanceCents).toBe(0);
  });

  it('captures the hold for the member the pair was going to when its sender misses the ship deadline, and names why in their wallet', async () => {
    const { ann, ben, cat, loopId, annLeg, annGivesTo } = await loopWithANewTrader();
    expect((await acceptWithCard(ann, loopId)).status).toBe(200);
    await acceptWithShipTo(loopId, ben, cat);
    await shipAll(loopId, [ben, cat]);
    await withClockAhead(testApp().ctx, 5.1, async () => {
      await JOB_HANDLERS['loops.sweep-deadlines']!(testApp().ctx, {});
      await settled();
    });

    expect((await ann.get(`/api/loops/${loopId}`)).body.status).toBe('cancelled');
    expect(await legOf(ben, loopId, annLeg)).toMatchObject({ protectionHold: { amountCents: HOLD, status: 'captured' } });
    expect(await holdsOf(loopId)).toEqual([[ann.user.id, annGivesTo.user.id, HOLD, 'captured']]);
    expect((await annGivesTo.get('/api/wallet')).body).toMatchObject({
      balanceCents: HOLD,
      entries: [
        {
          kind: 'protection_hold_credit',
          amountCents: HOLD,
          tradeId: null,
          loopId,
          holdCapture: { reason: 'missed_ship_deadline', memberName: ann.user.username },
        },
      ],
    });
    const other = annGivesTo === ben ? cat : ben;
    expect((await other.get('/api/wallet')).body.balanceCents).toBe(0);
    // The job again finds nothing to do: one capture, one credit.
    await settled();
    expect((await annGivesTo.get('/api/wallet')).body.balanceCents).toBe(HOLD);
  });

  /** The mail sent to `to`, once the listeners that send it have run. */
  async function mails(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
    await testApp().ctx.events.idle();
    const sent = (await new TestClient(testApp().app).get(`${DEV_MAILBOX_PATH}.json`)).body.mails as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    return sent.filter((m) => m.to === to);
  }

  it('tells each member of a proposed loop in the bell and by e-mail, and a leg’s receiver that their pair shipped', async () => {
    const { ann, ben, cat, loopId, annGivesTo } = await loopWithANewTrader();
    const origin = testApp().ctx.env.APP_ORIGIN;
    for (const who of [ann, ben, cat]) {
      const [bell] = (await notificationsOf(testApp(), who)).items.filter((n) => n.kind === 'loop.proposed');
      expect(bell).toMatchObject({ link: `/trades?loop=${loopId}` });
      const proposed = (await mails(who.user.email)).filter((m) => m.subject.startsWith(`Loop #${loopId}:`));
      expect(proposed).toHaveLength(1);
      expect(proposed[0]!.text).toContain(`${origin}/trades?loop=${loopId}`);
    }

    expect((await acceptWithCard(ann, loopId)).status).toBe(200);
    await acceptWithShipTo(loopId, ben, cat);
    expect((await ann.post(`/api/loops/${loopId}/ship`, shipBody())).status).toBe(200);
    const coming = `${ann.user.username} shipped the pair coming to you in loop #${loopId}`;
    const [bell] = (await notificationsOf(testApp(), annGivesTo)).items;
    expect(bell).toMatchObject({ kind: 'loop.shipped', text: expect.stringContaining(coming) });
    expect((await mails(annGivesTo.user.email)).some((m) => m.text.includes(coming))).toBe(true);
    // The third member hears that Ann shipped, not that it is coming to them.
    const other = annGivesTo === ben ? cat : ben;
    const [theirs] = (await notificationsOf(testApp(), other)).items;
    expect(theirs!.text).toBe(`${ann.user.username} shipped their pair in loop #${loopId}`);
  });
});
