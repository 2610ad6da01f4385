import { IN_SERVICE } from '@parley/shared';
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  callerIds,
  didNumbers,
  orders,
  packages,
  services,
  sipAccounts,
  users,
} from '../../db/schema/index.js';
import { refusedAs } from '../../lib/pg-errors.js';
import { ownedNumbers } from '../orders/orders.store.js';

/** The services whose plans carry calls: one of them suspended stops the customer's calls. */
const VOICE_SERVICE_SLUGS = [
  'voip',
  'sip',
  'sip-trunk',
  'sip-trunk-advanced',
  'pbx',
  'call-center',
];

export type SipAccountRow = typeof sipAccounts.$inferSelect;
export type CallerIdRow = typeof callerIds.$inferSelect;

/** SIP accounts, what a customer's orders give for voice, and their caller IDs. */
export function createVoiceAccountsRepo(db: Db) {
  return {
    async account(userId: string) {
      const [row] = await db.select().from(sipAccounts).where(eq(sipAccounts.userId, userId));
      return row ?? null;
    },

    /** A new account; a ConstraintError('duplicate') when the username is taken. */
    async createAccount(values: typeof sipAccounts.$inferInsert) {
      return refusedAs('write', async () => {
        const [row] = await db
          .insert(sipAccounts)
          .values(values)
          .onConflictDoNothing({ target: sipAccounts.userId })
          .returning();
        return row ?? null;
      });
    },

    async setPassword(userId: string, secrets: { ha1: string; ha1b: string; passwordBox: string }) {
      const [row] = await db
        .update(sipAccounts)
        .set({ ...secrets, updatedAt: new Date() })
        .where(eq(sipAccounts.userId, userId))
        .returning();
      return row ?? null;
    },

    /**
     * Who holds this number now (an active order of it), their SIP account's username
     * (null before they opened /sip-credentials) and whether they are suspended.
     */
    async numberHolder(number: string) {
      const [row] = await db
        .select({
          userId: orders.userId,
          country: didNumbers.countryCode,
          username: sipAccounts.username,
          disabledAt: users.disabledAt,
        })
        .from(didNumbers)
        .innerJoin(
          orders,
          and(
            eq(orders.itemId, didNumbers.id),
            eq(orders.itemKind, 'number'),
            inArray(orders.status, IN_SERVICE),
          ),
        )
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(sipAccounts, eq(sipAccounts.userId, orders.userId))
        .where(eq(didNumbers.number, number))
        .limit(1);
      return row ?? null;
    },

    /** The account a softphone authenticated as, and whether its owner may call. */
    async byUsername(username: string) {
      const [row] = await db
        .select({ userId: sipAccounts.userId, disabledAt: users.disabledAt })
        .from(sipAccounts)
        .innerJoin(users, eq(users.id, sipAccounts.userId))
        .where(eq(sipAccounts.username, username));
      return row ?? null;
    },

    /** The features, purchase dates and renewal state of the customer's packages in service. */
    async activePackages(userId: string) {
      return db
        .select({
          features: packages.features,
          boughtAt: orders.createdAt,
          status: orders.status,
          renewsAt: orders.renewsAt,
          autoRenew: orders.autoRenew,
        })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.itemId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.itemKind, 'package'),
            inArray(orders.status, IN_SERVICE),
          ),
        );
    },

    /**
     * A calling plan (or trunk tier, PBX, call centre) of the customer is suspended and
     * none is in service: no calls until it is paid (or ended, for pay-as-you-go).
     */
    async suspendedVoicePlan(userId: string) {
      const rows = await db
        .select({ status: orders.status })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.itemId))
        .innerJoin(services, eq(services.id, packages.serviceId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.itemKind, 'package'),
            inArray(orders.status, ['active', 'grace', 'suspended']),
            inArray(services.slug, VOICE_SERVICE_SLUGS),
          ),
        );
      return (
        rows.some((r) => r.status === 'suspended') && !rows.some((r) => r.status !== 'suspended')
      );
    },

    /** Numbers the customer rents (active number orders), E.164. */
    ownedNumbers: (userId: string) => ownedNumbers(db, userId),

    async verifiedNumbers(userId: string): Promise<string[]> {
      const rows = await db
        .select({ number: callerIds.number })
        .from(callerIds)
        .where(and(eq(callerIds.userId, userId), isNotNull(callerIds.verifiedAt)))
        .orderBy(callerIds.verifiedAt);
      return rows.map((r) => r.number);
    },

    async callerId(userId: string, number: string) {
      const [row] = await db
        .select()
        .from(callerIds)
        .where(and(eq(callerIds.userId, userId), eq(callerIds.number, number)));
      return row ?? null;
    },

    /** The customer's numbers with a code not yet expired (tries counted), newest first. */
    async pendingCodes(userId: string, now: Date) {
      const rows = await db
        .select({
          number: callerIds.number,
          expiresAt: callerIds.codeExpiresAt,
          sandboxCode: callerIds.sandboxCode,
          attempts: callerIds.attempts,
        })
        .from(callerIds)
        .where(
          and(
            eq(callerIds.userId, userId),
            isNotNull(callerIds.codeHash),
            gt(callerIds.codeExpiresAt, now),
          ),
        )
        .orderBy(sql`${callerIds.sentAt} desc`);
      return rows.flatMap((r) => (r.expiresAt ? [{ ...r, expiresAt: r.expiresAt }] : []));
    },

    /** A new code for a number (a verified number stays verified until the code is used). */
    async saveCode(
      userId: string,
      number: string,
      code: { hash: string; expiresAt: Date; sandboxCode: string | null; sentAt: Date },
    ) {
      const values = {
        codeHash: code.hash,
        codeExpiresAt: code.expiresAt,
        attempts: 0,
        sandboxCode: code.sandboxCode,
        sentAt: code.sentAt,
      };
      await db
        .insert(callerIds)
        .values({ userId, number, ...values })
        .onConflictDoUpdate({ target: [callerIds.userId, callerIds.number], set: values });
    },

    /** Counts a try atomically; the row after it, or null when no code is waiting. */
    async countTry(userId: string, number: string) {
      const [row] = await db
        .update(callerIds)
        .set({ attempts: sql`${callerIds.attempts} + 1` })
        .where(
          and(
            eq(callerIds.userId, userId),
            eq(callerIds.number, number),
            isNotNull(callerIds.codeHash),
          ),
        )
        .returning();
      return row ?? null;
    },

    async markVerified(userId: string, number: string, at: Date) {
      await db
        .update(callerIds)
        .set({ verifiedAt: at, codeHash: null, codeExpiresAt: null, sandboxCode: null })
        .where(and(eq(callerIds.userId, userId), eq(callerIds.number, number)));
    },

    /** Sandbox: the codes still waiting, for the admin panel. */
    async sandboxCodes(now: Date) {
      return db
        .select({
          number: callerIds.number,
          code: callerIds.sandboxCode,
          expiresAt: callerIds.codeExpiresAt,
          email: users.email,
        })
        .from(callerIds)
        .innerJoin(users, eq(users.id, callerIds.userId))
        .where(and(isNotNull(callerIds.sandboxCode), gt(callerIds.codeExpiresAt, now)))
        .orderBy(sql`${callerIds.sentAt} desc`)
        .limit(50);
    },
  };
}
export type VoiceAccountsRepo = ReturnType<typeof createVoiceAccountsRepo>;
