import {
  capRefusal,
  compareDecimal,
  MAIL_OVERAGE_BLOCK,
  multiply,
  spentToday,
  subtract,
  utcDayStart,
} from '@parley/shared';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readSpending } from '../../db/guardrails.js';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { rowsOf, timestamptz } from '../../db/raw.js';
import { mailMessages, mailRecipients, mailUsage, users } from '../../db/schema/index.js';

/** What the customer's package gives now (computed by the service from their orders). */
export interface MailPlan {
  monthlyEmails: number | null;
  overagePer1000: string | null;
  periodStart: Date;
  logDays: number;
}

export interface MeterInput {
  userId: string;
  credentialId: string;
  hourlyLimit: number;
  messageId: string;
  clientKey: string | null;
  from: string;
  to: string[];
  subject: string;
  size: number;
  plan: MailPlan;
  dailyCap: number;
  at: Date;
}

export type MeterResult =
  /** `again`: accepted before but never confirmed queued: queue it (not charged again). */
  | { kind: 'accepted' | 'duplicate' | 'again'; messageId: string }
  | {
      kind:
        | 'hourly-limit'
        | 'daily-cap'
        | 'allowance-used'
        | 'balance'
        | 'spend-cap'
        | 'in-progress';
    };

/**
 * How long a first copy may be on its way to the edge's queue before a second copy of the
 * same message is queued in its place: two connections sending it at once get a 451
 * instead of both being queued.
 */
export const AGAIN_AFTER_MS = 2 * 60_000;

/** Same message already accepted: by the edge's id, or the client's Message-ID. */
async function earlier(tx: Tx, input: MeterInput) {
  const [row] = await tx
    .select({
      id: mailMessages.id,
      queuedAt: mailMessages.queuedAt,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(
      or(
        eq(mailMessages.id, input.messageId),
        input.clientKey
          ? and(eq(mailMessages.userId, input.userId), eq(mailMessages.clientKey, input.clientKey))
          : undefined,
      ),
    )
    .limit(1);
  return row;
}

async function limitsReached(tx: Tx, input: MeterInput) {
  const hourAgo = new Date(input.at.getTime() - 3_600_000);
  const result = await tx.execute(sql`
    select
      (select count(*) from ${mailMessages} where credential_id = ${input.credentialId}
        and created_at > ${timestamptz(hourAgo)})::int as hour,
      (select coalesce(sum(recipient_count), 0) from ${mailMessages}
        where user_id = ${input.userId} and created_at >= ${timestamptz(utcDayStart(input.at))})::int as day`);
  const [row] = rowsOf<{ hour: number; day: number }>(result);
  if ((row?.hour ?? 0) >= input.hourlyLimit) return 'hourly-limit' as const;
  if ((row?.day ?? 0) + input.to.length > input.dailyCap) return 'daily-cap' as const;
  return null;
}

/** The period's usage row, made on first use; read under the customer's lock. */
async function usageOf(tx: Tx, userId: string, periodStart: Date) {
  await tx.insert(mailUsage).values({ userId, periodStart }).onConflictDoNothing();
  const [row] = await tx
    .select({ used: mailUsage.used, blocks: mailUsage.blocksBilled })
    .from(mailUsage)
    .where(and(eq(mailUsage.userId, userId), eq(mailUsage.periodStart, periodStart)));
  return row ?? { used: 0, blocks: 0 };
}

/** Blocks of 1,000 beyond the allowance that `used` recipients have started. */
export const blocksFor = (used: number, monthly: number | null) =>
  monthly === null ? 0 : Math.ceil(Math.max(0, used - monthly) / MAIL_OVERAGE_BLOCK);

/**
 * Meters and records one message in one transaction under the customer's row lock:
 * the same message again (edge id or Message-ID) is never counted twice (a duplicate once
 * its first copy was queued, else `again`: queue it now); limits; the period's usage; overage blocks started by it charged through the
 * ledger (reference per block, so never twice), within the balance and the daily spend
 * cap; the message and its recipients written. Either all of it happens or none.
 */
export async function meterMessage(db: Db, input: MeterInput): Promise<MeterResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const seen = await earlier(tx, input);
    if (seen?.queuedAt) return { kind: 'duplicate', messageId: seen.id };
    if (seen && input.at.getTime() - seen.createdAt.getTime() < AGAIN_AFTER_MS)
      return { kind: 'in-progress' };
    if (seen) return { kind: 'again', messageId: seen.id };
    const limit = await limitsReached(tx, input);
    if (limit) return { kind: limit };
    const { plan } = input;
    const usage = await usageOf(tx, input.userId, plan.periodStart);
    const used = usage.used + input.to.length;
    const blocks = blocksFor(used, plan.monthlyEmails);
    const newBlocks = Math.max(0, blocks - usage.blocks);
    let cost = '0.00';
    if (newBlocks > 0) {
      if (plan.overagePer1000 === null) return { kind: 'allowance-used' };
      cost = multiply(plan.overagePer1000, String(newBlocks), 2, 'up');
      const spending = await readSpending(tx, input.userId, utcDayStart(input.at));
      const available = subtract(spending.balance, spending.held, 4);
      if (compareDecimal(available, cost) < 0) return { kind: 'balance' };
      if (capRefusal(spending.limits, spentToday(spending.netDebits, spending.held), cost))
        return { kind: 'spend-cap' };
      await applyLedgerEntry(tx, {
        userId: input.userId,
        amount: `-${cost}`,
        currency: 'GBP',
        kind: 'charge',
        reference: `mail-overage:${input.userId}:${plan.periodStart.toISOString()}:${blocks}`,
        note: `Email beyond the allowance: ${newBlocks * MAIL_OVERAGE_BLOCK} recipients`,
      });
    }
    await tx
      .update(mailUsage)
      .set({ used, blocksBilled: Math.max(blocks, usage.blocks) })
      .where(and(eq(mailUsage.userId, input.userId), eq(mailUsage.periodStart, plan.periodStart)));
    await tx.insert(mailMessages).values({
      id: input.messageId,
      userId: input.userId,
      credentialId: input.credentialId,
      clientKey: input.clientKey,
      fromAddress: input.from,
      subject: input.subject,
      size: input.size,
      recipientCount: input.to.length,
      cost,
      keepUntil: new Date(input.at.getTime() + plan.logDays * 86_400_000),
      createdAt: input.at,
    });
    await tx
      .insert(mailRecipients)
      .values(
        input.to.map((address) => ({ messageId: input.messageId, address, updatedAt: input.at })),
      )
      .onConflictDoNothing();
    return { kind: 'accepted', messageId: input.messageId };
  });
}

/** Recipients accepted this period and today (the overview). */
export async function usageNow(db: Db, userId: string, periodStart: Date | null, at: Date) {
  const [period] = periodStart
    ? await db
        .select({ used: mailUsage.used })
        .from(mailUsage)
        .where(and(eq(mailUsage.userId, userId), eq(mailUsage.periodStart, periodStart)))
    : [];
  const [today] = await db
    .select({ n: sql<number>`coalesce(sum(${mailMessages.recipientCount}), 0)::int` })
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), gte(mailMessages.createdAt, utcDayStart(at))));
  return { period: period?.used ?? 0, today: today?.n ?? 0 };
}
