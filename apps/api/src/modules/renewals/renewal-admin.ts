import type { AdminSubscription } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { withFields } from '../../lib/with-fields.js';
import type { RenewalSettings } from './renewal-rules.js';
import { publishOutcome, toSubscription } from './renewal-view.js';
import type { RenewalOutcome, RenewalsRepo } from './renewals.repo.js';

export const notFound = () => new AppError('NOT_FOUND', 'No such subscription.');
export const wrongState = (what: string) => new AppError('SUBSCRIPTION_STATE', what);

/** Admins' side of renewals: the list, extending grace and waiving a period (not their own). */
export function createRenewalsAdmin(deps: {
  repo: Pick<RenewalsRepo, 'adminList' | 'extendGrace' | 'waive' | 'byId'>;
  events: EventBus;
  settings: RenewalSettings;
  now: () => Date;
}) {
  const { repo, settings, now } = deps;

  /**
   * An admin never extends grace or waives a period of their own item, as they never
   * adjust their own balance: another admin must. An order's owner never changes, so
   * asking before the repo locks it is safe.
   */
  async function notOwn(id: string, actorId: string) {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    if (row.order.userId === actorId)
      throw new AppError(
        'SELF_ADJUSTMENT_FORBIDDEN',
        'You cannot extend grace or waive a period of your own subscription.',
      );
  }

  async function adminAnswer(
    result: { error: 'not-found' | 'state' } | { outcome: RenewalOutcome },
    stateMessage: string,
  ): Promise<AdminSubscription> {
    if ('error' in result) {
      if (result.error === 'not-found') throw notFound();
      throw wrongState(stateMessage);
    }
    publishOutcome(deps.events, result.outcome);
    const row = await repo.byId(result.outcome.order.id);
    if (!row) throw notFound();
    return { ...toSubscription(row.order, settings), userId: row.order.userId, email: row.email };
  }

  return {
    async adminList(filter: 'due' | 'grace' | 'suspended', page: number, pageSize: number) {
      const { rows, total } = await repo.adminList(filter, page, pageSize, now());
      const items: AdminSubscription[] = rows.map((r) =>
        withFields(toSubscription(r.order, settings), { userId: r.order.userId, email: r.email }),
      );
      return { items, total, page, pageSize };
    },

    async extendGrace(id: string, days: number, actorId: string, ip: string | null) {
      await notOwn(id, actorId);
      const result = await repo.extendGrace(id, days, actorId, ip, now());
      return adminAnswer(result, 'Only an item in grace or suspended can have its grace extended.');
    },

    async waive(id: string, actorId: string, ip: string | null) {
      await notOwn(id, actorId);
      const result = await repo.waive(id, actorId, ip, now());
      return adminAnswer(result, 'This item has no period to waive.');
    },
  };
}
