import {
  type ChainDeposit,
  type ChainDepositsPage,
  type DepositStatus,
  type FlagEvidence,
  flagEvidenceSchema,
  moneyText,
  type Network,
  trimDecimal,
} from '@parley/shared';
import type { AdminDepositRow, ChainDepositsRepo, DepositFilter } from './chain-deposits.repo.js';

/** The evidence the watcher wrote when it flagged a deposit; anything else reads as none. */
function evidenceOf(row: AdminDepositRow): FlagEvidence | null {
  if (!row.flaggedAt) return null;
  const parsed = flagEvidenceSchema.safeParse(row.flagEvidence);
  return parsed.success ? parsed.data : null;
}

/** On-chain deposits for admins, each with its explorer link and the confirmations it needs. */
export function createChainDepositsService(deps: {
  deposits: ChainDepositsRepo;
  /** Each network's explorer: the txid is appended. */
  explorers: Record<Network, string>;
  /** Confirmations each network needs (its setting, else the default). */
  confirmations: Record<Network, number>;
}) {
  const toView = (row: AdminDepositRow): ChainDeposit => {
    const network = row.network as Network;
    return {
      id: row.id,
      reference: row.reference,
      network,
      txid: row.txid,
      explorerUrl: `${deps.explorers[network] ?? ''}${row.txid}`,
      output: row.output,
      address: row.address,
      derivationIndex: row.derivationIndex,
      amount: trimDecimal(row.amount),
      currency: row.currency,
      status: row.status as DepositStatus,
      confirmations: row.confirmations,
      required: deps.confirmations[network] ?? 0,
      late: row.late,
      creditAmount: row.creditAmount === null ? null : moneyText(row.creditAmount),
      seenAt: row.seenAt.toISOString(),
      creditedAt: row.creditedAt?.toISOString() ?? null,
      flagged: row.flaggedAt !== null,
      evidence: evidenceOf(row),
      customer: { id: row.userId, email: row.email },
      quoteId: row.quoteId,
    };
  };

  return {
    async list(filter: DepositFilter, page: number, pageSize: number): Promise<ChainDepositsPage> {
      const { items, total } = await deps.deposits.page(filter, page, pageSize);
      return { items: items.map(toView), total, page, pageSize };
    },
  };
}
export type ChainDepositsService = ReturnType<typeof createChainDepositsService>;
