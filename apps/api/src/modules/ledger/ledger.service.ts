import {
  type Adjustment,
  type AdjustmentDirection,
  adjustmentReference,
  BILLING_CURRENCY,
  fromUnits,
  type LedgerEntry,
  type LedgerKind,
  type LedgerPage,
  moneyText,
  STATEMENT_MAX_ENTRIES,
  signedAmount,
  statementCsv,
  toUnits,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { checkSameRequest, requestFingerprint } from '../../lib/idempotency.js';
import type { LedgerRepo, LedgerRow } from './ledger.repo.js';

export const toLedgerEntry = (r: LedgerRow): LedgerEntry => ({
  id: r.id,
  kind: r.kind as LedgerKind,
  amount: moneyText(r.amount),
  currency: r.currency,
  reference: r.reference,
  balanceAfter: moneyText(r.balanceAfter),
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

export interface AdjustmentRequest {
  requestId: string;
  direction: AdjustmentDirection;
  /** Pounds with two decimals, positive ("12.30"). */
  amount: string;
  note: string;
}

export interface Actor {
  id: string;
  ip: string | null;
}

/** The fingerprint of an adjustment: what it asked for, without its request id. */
const fingerprintOf = (userId: string, a: Omit<AdjustmentRequest, 'requestId'>) =>
  requestFingerprint(
    { userId, direction: a.direction, amount: a.amount, note: a.note },
    'requestId',
  );

/** What an earlier adjustment asked for, read back from its ledger row (stored exactly). */
function storedRequest(row: LedgerRow): Omit<AdjustmentRequest, 'requestId'> {
  const units = toUnits(row.amount, 4);
  const size = units < 0n ? -units : units;
  return {
    direction: units < 0n ? 'debit' : 'credit',
    amount: fromUnits(size / 100n, 2),
    note: row.note,
  };
}

const noUser = () => new AppError('NOT_FOUND', 'No such user.');
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * The ledger: pages of a customer's entries, an admin's manual credit or debit (through
 * the one ledger write path, audited, once per request id), and statements as CSV.
 */
export function createLedgerService(deps: { repo: LedgerRepo; events?: EventBus }) {
  const { repo } = deps;

  async function page(
    userId: string,
    q: { kind?: LedgerKind; page: number; pageSize: number },
  ): Promise<LedgerPage> {
    const { items, total } = await repo.page(userId, q.kind, q.page, q.pageSize);
    return { items: items.map(toLedgerEntry), total, page: q.page, pageSize: q.pageSize };
  }

  const answerOf = (row: LedgerRow): Adjustment => ({
    entry: toLedgerEntry(row),
    balance: moneyText(row.balanceAfter),
  });

  /** The first result of this request id, or null when it was never used. */
  async function replay(userId: string, input: AdjustmentRequest): Promise<Adjustment | null> {
    const row = await repo.findAdjustment(adjustmentReference(input.requestId));
    if (!row) return null;
    const asked = row.userId === userId ? fingerprintOf(userId, storedRequest(row)) : 'another';
    checkSameRequest(asked, fingerprintOf(userId, input), 'requestId');
    return answerOf(row);
  }

  return {
    /** The signed-in customer's own entries. */
    mine: page,
    /** Any customer's entries, for an admin; 404 for an unknown user. */
    async ofUser(userId: string, q: Parameters<typeof page>[1]): Promise<LedgerPage> {
      if (!(await repo.userExists(userId))) throw noUser();
      return page(userId, q);
    },

    async adjust(userId: string, input: AdjustmentRequest, actor: Actor): Promise<Adjustment> {
      if (userId === actor.id)
        throw new AppError('SELF_ADJUSTMENT_FORBIDDEN', 'You cannot adjust your own balance.');
      const earlier = await replay(userId, input);
      if (earlier) return earlier;
      const result = await repo.adjust({
        userId,
        amount: signedAmount(input.direction, input.amount),
        currency: BILLING_CURRENCY,
        reference: adjustmentReference(input.requestId),
        note: input.note,
        by: { actorId: actor.id, ip: actor.ip },
        audit: { direction: input.direction, requestId: input.requestId },
      });
      if (result.ok) {
        deps.events?.publish({
          type: 'balance.adjusted',
          data: { userId, entryId: result.entry.id },
        });
        return answerOf(result.entry);
      }
      if (result.reason === 'no-user') throw noUser();
      // Two clicks at once: the other one wrote it, so answer what it wrote.
      const again = await replay(userId, input);
      if (again) return again;
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        `The balance does not cover a debit of £${input.amount}; nothing was changed.`,
      );
    },

    /** A statement of the days from `from` to `to` (UTC, both included) as CSV. */
    async statement(userId: string, range: { from: string; to: string }, label = 'statement') {
      if (!(await repo.userExists(userId))) throw noUser();
      const found = await repo.statement(
        userId,
        dayStart(range.from),
        nextDay(range.to),
        STATEMENT_MAX_ENTRIES,
      );
      if (found.more)
        throw new AppError(
          'STATEMENT_TOO_LARGE',
          `More than ${STATEMENT_MAX_ENTRIES} entries in this range: choose a shorter one.`,
        );
      const csv = statementCsv({
        ...range,
        currency: BILLING_CURRENCY,
        opening: found.opening,
        entries: found.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      });
      return { filename: `${label}-${range.from}-${range.to}.csv`, csv };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
