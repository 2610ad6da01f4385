import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { timestamptz } from '../../db/raw.js';
import { smppAccounts, smppSubmits, users } from '../../db/schema/index.js';

/** What every accepted submit_sm keeps for its receipt. */
export interface SubmitRow {
  id: string;
  accountId: string;
  registeredDelivery: number;
  source: string;
  destination: string;
  validUntil: Date;
  dataCoding: number;
}

/** One part of a long message, as it waits for the others. */
export interface PartRow extends SubmitRow {
  partKey: string;
  partSeq: number;
  partTotal: number;
  partText: string;
}

const waiting = (accountId: string, partKey: string) =>
  and(
    eq(smppSubmits.accountId, accountId),
    eq(smppSubmits.partKey, partKey),
    isNull(smppSubmits.assembledAt),
  );

/** Accepted submits: single messages at once, long messages' parts until the last arrives. */
export function createSmppSubmitsRepo(db: Db) {
  return {
    /** A single message: its id is its SMS's, written before the SMS is queued. */
    async addSingle(row: SubmitRow) {
      await db.insert(smppSubmits).values({ ...row, messageId: row.id, assembledAt: sql`now()` });
    },

    /** A submit the send path refused: it answered an error, so no receipt follows. */
    async remove(id: string) {
      await db.delete(smppSubmits).where(eq(smppSubmits.id, id));
    },

    /**
     * Keeps a part; the same part sent again (its answer lost) answers the first one's
     * id: while it waits, and for two minutes after its message went out (`sent`).
     * Returns the id to answer and how many different parts of the message are here.
     */
    async addPart(row: PartRow): Promise<{ id: string; have: number; sent: boolean }> {
      const earlier = () =>
        db
          .select({ id: smppSubmits.id })
          .from(smppSubmits)
          .where(
            and(
              eq(smppSubmits.accountId, row.accountId),
              eq(smppSubmits.partKey, row.partKey),
              eq(smppSubmits.partSeq, row.partSeq),
              eq(smppSubmits.partText, row.partText),
              isNull(smppSubmits.refused),
              isNotNull(smppSubmits.assembledAt),
              gt(smppSubmits.createdAt, sql`now() - interval '2 minutes'`),
            ),
          )
          .orderBy(desc(smppSubmits.createdAt))
          .limit(1);
      const [sent] = await earlier();
      if (sent) return { id: sent.id, have: 0, sent: true };
      const [added] = await db
        .insert(smppSubmits)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: smppSubmits.id });
      const parts = await db
        .select({ id: smppSubmits.id, seq: smppSubmits.partSeq })
        .from(smppSubmits)
        .where(waiting(row.accountId, row.partKey));
      const id = added?.id ?? parts.find((p) => p.seq === row.partSeq)?.id;
      if (id) return { id, have: parts.length, sent: false };
      // The waiting copy went out between the insert and the read.
      const [late] = await earlier();
      if (!late) throw new Error('smpp: a part was neither kept nor found');
      return { id: late.id, have: 0, sent: true };
    },

    /** The parts of one message not yet sent, in order. */
    async parts(accountId: string, partKey: string) {
      return db
        .select()
        .from(smppSubmits)
        .where(waiting(accountId, partKey))
        .orderBy(asc(smppSubmits.partSeq));
    },

    /** The parts went out as one SMS (`messageId`), or never will (`refused`). */
    async settleParts(ids: string[], outcome: { messageId: string } | { refused: string }) {
      if (ids.length === 0) return;
      await db
        .update(smppSubmits)
        .set({
          assembledAt: sql`now()`,
          ...('messageId' in outcome
            ? { messageId: outcome.messageId }
            : { refused: outcome.refused }),
        })
        .where(and(inArray(smppSubmits.id, ids), isNull(smppSubmits.assembledAt)));
    },

    /** Messages whose parts have waited since before `before`: complete or not, they are due. */
    async waitingSince(before: Date) {
      return (
        db
          .select({
            accountId: smppSubmits.accountId,
            partKey: sql<string>`${smppSubmits.partKey}`,
            userId: smppAccounts.userId,
          })
          .from(smppSubmits)
          .innerJoin(smppAccounts, eq(smppAccounts.id, smppSubmits.accountId))
          // A suspended customer's parts wait (and are trimmed): nothing of theirs is sent.
          .innerJoin(users, and(eq(users.id, smppAccounts.userId), isNull(users.disabledAt)))
          .where(and(sql`${smppSubmits.partKey} is not null`, isNull(smppSubmits.assembledAt)))
          .groupBy(smppSubmits.accountId, smppSubmits.partKey, smppAccounts.userId)
          .having(sql`min(${smppSubmits.createdAt}) < ${timestamptz(before)}`)
          .limit(100)
      );
    },

    /** Submits whose receipts can no longer be sent, a day after their validity. */
    async trim(before: Date) {
      await db.delete(smppSubmits).where(lt(smppSubmits.validUntil, before));
    },
  };
}
export type SmppSubmitsRepo = ReturnType<typeof createSmppSubmitsRepo>;
