import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainDeposits } from '../../db/schema/index.js';

/** The payments seen on chain to a quote's address (the chain watcher writes them). */
export interface DepositRow {
  id: string;
  amount: string;
  currency: string;
  network: string;
  status: string;
  confirmations: number;
  late: boolean;
  creditAmount: string | null;
  seenAt: Date;
  creditedAt: Date | null;
  flaggedAt: Date | null;
}

export function createQuoteStatusRepo(db: Db) {
  return {
    depositsOf(quoteId: string, userId: string): Promise<DepositRow[]> {
      return db
        .select({
          id: chainDeposits.id,
          amount: chainDeposits.amount,
          currency: chainDeposits.currency,
          network: chainDeposits.network,
          status: chainDeposits.status,
          confirmations: chainDeposits.confirmations,
          late: chainDeposits.late,
          creditAmount: chainDeposits.creditAmount,
          seenAt: chainDeposits.seenAt,
          creditedAt: chainDeposits.creditedAt,
          flaggedAt: chainDeposits.flaggedAt,
        })
        .from(chainDeposits)
        .where(and(eq(chainDeposits.quoteId, quoteId), eq(chainDeposits.userId, userId)))
        .orderBy(asc(chainDeposits.seenAt), asc(chainDeposits.id));
    },
  };
}
export type QuoteStatusRepo = ReturnType<typeof createQuoteStatusRepo>;
