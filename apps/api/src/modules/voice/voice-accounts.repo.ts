import { IN_SERVICE } from '@parley/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  didNumbers,
  orders,
  packages,
  services,
  sipAccounts,
  users,
} from '../../db/schema/index.js';
import { refusedAs } from '../../lib/pg-errors.js';
import { ownedNumbers } from '../orders/orders.store.js';
import { activePackages } from './active-packages.repo.js';
import { createCallerIdsRepo } from './caller-ids.repo.js';

export type { CallerIdRow } from './caller-ids.repo.js';

/** The services whose plans carry softphones' calls: one of them suspended stops those
 * calls (a trunk's suspension stops its own calls only, decision 0068). */
const VOICE_SERVICE_SLUGS = ['voip', 'sip', 'pbx', 'call-center'];

export type SipAccountRow = typeof sipAccounts.$inferSelect;

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
    activePackages: (userId: string) => activePackages(db, userId),

    /**
     * The states of the customer's calling plans (or trunk tiers, PBX, call centres)
     * that are active, in grace or suspended (voicePlanSuspended decides from them).
     */
    async voicePlanStatuses(userId: string): Promise<string[]> {
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
      return rows.map((r) => r.status);
    },

    /** Numbers the customer rents (active number orders), E.164. */
    ownedNumbers: (userId: string) => ownedNumbers(db, userId),

    ...createCallerIdsRepo(db),
  };
}
export type VoiceAccountsRepo = ReturnType<typeof createVoiceAccountsRepo>;
