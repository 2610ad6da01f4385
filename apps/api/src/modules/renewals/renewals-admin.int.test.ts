import { monthlyPeriodStart } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, queryRows, send } from '../../../test/helpers.js';

const clock = new Date('2026-03-01T09:00:00.000Z');
const ctx = useTestApp({ deps: { now: () => clock } });

const userIdOf = async (email: string) => {
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`select id from users where email = ${email}`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** A £7.00 monthly plan of `userId` bought on 1 February: its renewal of 1 March is unpaid. */
async function planInGrace(userId: string) {
  const anchor = new Date('2026-02-01T00:00:00.000Z');
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    sql`insert into orders (user_id, item_kind, item_id, name, price, price_currency, charged,
        paid_with, billing_period, renews_at, renewal_charge, created_at)
      values (${userId}, 'package', gen_random_uuid(), 'Starter (VoIP Calling)', 7.00, 'GBP', 7.00,
        'balance', 'monthly', ${monthlyPeriodStart(anchor, 1).toISOString()}::timestamptz, 7.00,
        ${anchor.toISOString()}::timestamptz)
      returning id`,
  );
  if (!row) throw new Error('no order');
  await ctx.app.renewalJob.runOnce();
  return row.id;
}

const stateOf = async (id: string) =>
  (
    await queryRows<{ status: string; paid_through: number; grace_until: string | Date | null }>(
      ctx.database,
      sql`select status, paid_through, grace_until from orders where id = ${id}`,
    )
  )[0];

const auditOf = (id: string) =>
  queryRows<{ action: string }>(
    ctx.database,
    sql`select action from audit_log where target_id = ${id} order by created_at`,
  );

describe('an admin’s own subscriptions', () => {
  it('cannot have their grace extended or a period waived by that admin (403), only by another', async () => {
    const own = await adminSession(ctx, 'renewals-self@example.com');
    const other = await adminSession(ctx, 'renewals-other@example.com');
    const id = await planInGrace(await userIdOf('renewals-self@example.com'));
    const before = await stateOf(id);
    expect(before).toMatchObject({ status: 'grace', paid_through: 0 });
    for (const [path, body] of [
      ['extend-grace', { days: 30 }],
      ['waive', undefined],
    ] as const) {
      const res = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/${path}`, own, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.code).toBe('SELF_ADJUSTMENT_FORBIDDEN');
    }
    // Nothing changed, nothing was audited.
    expect(await stateOf(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
    // Another admin may.
    const ext = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/extend-grace`, other, {
      days: 3,
    });
    expect(ext.statusCode, ext.body).toBe(200);
    const waive = await send(ctx.app, 'POST', `/api/admin/subscriptions/${id}/waive`, other);
    expect(waive.statusCode, waive.body).toBe(200);
    expect(await auditOf(id)).toEqual([
      { action: 'subscription.extend_grace' },
      { action: 'subscription.waive' },
    ]);
  });

  it('an unknown subscription is still 404 for any admin', async () => {
    const own = await adminSession(ctx, 'renewals-self2@example.com');
    const res = await send(
      ctx.app,
      'POST',
      `/api/admin/subscriptions/${crypto.randomUUID()}/waive`,
      own,
    );
    expect(res.statusCode).toBe(404);
  });
});
