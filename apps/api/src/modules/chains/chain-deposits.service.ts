import {
  type ChainDeposit,
  type ChainDepositsPage,
  type DepositDecision,
  type DepositResolution,
  type DepositStatus,
  type FlagEvidence,
  flagEvidenceSchema,
  moneyText,
  type Network,
  notice,
  trimDecimal,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { AdminDepositRow, ChainDepositsRepo, DepositFilter } from './chain-deposits.repo.js';
import type { DepositResolveRepo, Resolved } from './deposit-resolve.repo.js';
import { depositEvent } from './deposit-settling.js';

/** The evidence the watcher wrote when it flagged a deposit; anything else reads as none. */
function evidenceOf(row: AdminDepositRow): FlagEvidence | null {
  if (!row.flaggedAt) return null;
  const parsed = flagEvidenceSchema.safeParse(row.flagEvidence);
  return parsed.success ? parsed.data : null;
}

/** An admin's decision as the list shows it; null until there is one. */
function resolutionOf(row: AdminDepositRow): DepositResolution | null {
  if (!row.resolution || !row.resolvedAt) return null;
  return {
    decision: row.resolution as DepositDecision,
    note: row.resolutionNote ?? '',
    by: { id: row.resolvedBy ?? '', email: row.resolverEmail },
    at: row.resolvedAt.toISOString(),
  };
}

/** Why a decision was refused, as the admin reads it. */
function refusal(reason: Extract<Resolved, { outcome: 'refused' }>['reason']): AppError {
  if (reason === 'not-found') return new AppError('NOT_FOUND', 'No such deposit.');
  if (reason === 'not-flagged')
    return new AppError(
      'DEPOSIT_NOT_FLAGGED',
      'Only a flagged deposit is decided by hand; this one is not flagged.',
    );
  if (reason === 'resolved')
    return new AppError('ALREADY_DECIDED', 'This deposit has already been decided.');
  return new AppError(
    'REVERSAL_BALANCE_SHORT',
    "The customer's balance no longer covers this credit; nothing was changed.",
  );
}

/** What the customer is told of a reversal: in the bell, and by email when mail is set up. */
const reversalNotice = (row: {
  id: string;
  amount: string;
  currency: string;
  creditAmount: string | null;
}) => ({
  ...notice('deposit.reversed', {
    amount: row.creditAmount ?? '0',
    crypto: `${trimDecimal(row.amount)} ${row.currency}`,
  }),
  key: `deposit.reversed:${row.id}`,
  email: true,
});

/** On-chain deposits for admins, each with its explorer link and the confirmations it needs. */
export function createChainDepositsService(deps: {
  deposits: ChainDepositsRepo;
  resolutions: DepositResolveRepo;
  events: Pick<EventBus, 'publish'>;
  now?: () => Date;
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
      resolution: resolutionOf(row),
      customer: { id: row.userId, email: row.email },
      quoteId: row.quoteId,
    };
  };

  return {
    async list(filter: DepositFilter, page: number, pageSize: number): Promise<ChainDepositsPage> {
      const { items, total } = await deps.deposits.page(filter, page, pageSize);
      return { items: items.map(toView), total, page, pageSize };
    },

    /**
     * An admin decides a flagged deposit, once: keep the credit, or reverse it. The
     * customer's stream hears of the deposit (and of a reversal's debit and notice),
     * the admins' of the deposit.
     */
    async resolve(
      id: string,
      input: { decision: DepositDecision; note: string },
      actor: { id: string; ip: string | null },
    ): Promise<ChainDeposit> {
      const done = await deps.resolutions.resolve(id, {
        ...input,
        by: actor.id,
        ip: actor.ip,
        at: deps.now?.() ?? new Date(),
        reversalNotice,
      });
      if (done.outcome === 'refused') throw refusal(done.reason);
      const { row } = done;
      deps.events.publish(depositEvent(row, deps.confirmations[row.network as Network] ?? 0));
      if (done.entryId)
        deps.events.publish({
          type: 'balance.adjusted',
          data: { userId: row.userId, entryId: done.entryId },
        });
      if (done.notice)
        deps.events.publish({
          type: 'notification.created',
          data: { userId: row.userId, ...done.notice },
        });
      const view = await deps.deposits.one(id);
      if (!view) throw refusal('not-found');
      return toView(view);
    },
  };
}
export type ChainDepositsService = ReturnType<typeof createChainDepositsService>;
