import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcStore } from '../../db/schema/index';

/*
 * Expiry uses the real clock, not ctx.now: oidc-provider checks its own artefacts against real
 * time, and tests that move ctx.now must not expire a sign-in halfway through.
 */

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) on the `oidc_store`
 * table, one row per model instance, so it survives restarts and is shared by every process.
 * Expired rows read as missing; sweepExpiredOidcRows deletes them.
 */
export class OidcDbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const row = {
      payload,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    await this.db
      .insert(oidcStore)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcStore.model, oidcStore.id], set: row });
  }

  find(id: string) {
    return this.findWhere(eq(oidcStore.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcStore.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcStore.userCode, userCode));
  }

  async consume(id: string) {
    await this.db
      .update(oidcStore)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcStore.model, this.model), eq(oidcStore.id, id)));
  }

  async destroy(id: string) {
    await this.db.delete(oidcStore).where(and(eq(oidcStore.model, this.model), eq(oidcStore.id, id)));
  }

  async revokeByGrantId(grantId: string) {
    await this.db.delete(oidcStore).where(and(eq(oidcStore.model, this.model), eq(oidcStore.grantId, grantId)));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcStore)
      .where(and(eq(oidcStore.model, this.model), condition, or(isNull(oidcStore.expiresAt), gt(oidcStore.expiresAt, new Date()))))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** The adapter factory oidc-provider's `adapter` option takes (one adapter per model name). */
export function oidcAdapterFactory(db: Db) {
  return (model: string) => new OidcDbAdapter(db, model);
}

/** Deletes expired provider rows; meant for the hourly sweep beside sweepExpiredSessions. */
export async function sweepExpiredOidcRows(db: Db, now = new Date()) {
  await db.delete(oidcStore).where(lt(oidcStore.expiresAt, now));
}
