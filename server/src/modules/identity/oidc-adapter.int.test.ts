import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { oidcStore } from '../../db/schema/index';
import { OidcDbAdapter, sweepExpiredOidcRows } from './oidc-adapter';

describe('OidcDbAdapter', () => {
  const testApp = useTestApp();
  const adapter = (model: string) => new OidcDbAdapter(testApp().ctx.db, model);

  it('stores, finds by id and uid, and replaces on upsert', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    // Models are separate namespaces.
    expect(await adapter('Interaction').find('s1')).toBeUndefined();
  });

  it('treats an expired row as missing and sweeps it', async () => {
    const { db } = testApp().ctx;
    const codes = adapter('AuthorizationCode');
    await codes.upsert('old', { grantId: 'g' }, 60);
    await codes.upsert('fresh', { grantId: 'g' }, 600);
    await db
      .update(oidcStore)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oidcStore.id, 'old'));
    expect(await codes.find('old')).toBeUndefined();
    expect(await codes.find('fresh')).toBeDefined();

    await sweepExpiredOidcRows(db);
    const left = await db
      .select({ id: oidcStore.id })
      .from(oidcStore)
      .where(inArray(oidcStore.id, ['old', 'fresh']));
    expect(left.map((r) => r.id)).toEqual(['fresh']);
  });

  it('marks a consumed code and revokes everything of a grant', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g2' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    const tokens = adapter('AccessToken');
    await tokens.upsert('t1', { grantId: 'g2' }, 60);
    await tokens.upsert('t2', { grantId: 'other' }, 60);
    await tokens.revokeByGrantId('g2');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeDefined();
    await tokens.destroy('t2');
    expect(await tokens.find('t2')).toBeUndefined();
  });
});
