import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import type { Clearable } from '../../lib/short-cache.js';

export type Entity = Extract<DomainEvent, { type: 'catalogue.changed' }>['data']['entity'];

export const DUPLICATE: Record<Entity, string> = {
  service: 'A service with this slug already exists',
  package: 'This package already exists',
  'country-pricing': 'This country already has a price (country name and code must be unique)',
  'sip-domain': 'This domain already exists',
  number: 'This number is already in the inventory',
};

/**
 * A catalogue write and what follows it: a refusal worded for the admin, then this
 * instance's price caches dropped and the change announced to every instance.
 */
export function createCatalogueWrites(deps: { events: EventBus; priceCaches: Clearable }) {
  const { events, priceCaches } = deps;

  /** After a committed change: drop the local caches, then tell every instance. */
  function changed(data: Extract<DomainEvent, { type: 'catalogue.changed' }>['data']) {
    priceCaches.clear();
    events.publish({ type: 'catalogue.changed', data });
  }

  async function write<T extends { id: string }>(
    entity: Entity,
    action: 'created' | 'updated',
    run: () => Promise<T | undefined>,
  ): Promise<T> {
    let row: T | undefined;
    try {
      row = await run();
    } catch (err) {
      const kind = err instanceof ConstraintError ? err.kind : null;
      if (kind === 'duplicate') throw new AppError('CONFLICT', DUPLICATE[entity]);
      if (kind === 'missing-reference') {
        throw new AppError('VALIDATION_FAILED', 'No such service', [
          { path: 'body.serviceId', code: 'SERVICE_UNKNOWN', message: 'No such service' },
        ]);
      }
      throw err;
    }
    if (!row) throw new AppError('NOT_FOUND', 'No such item.');
    changed({ entity, action, id: row.id });
    return row;
  }

  async function remove(entity: Entity, run: () => Promise<boolean>, id: string): Promise<void> {
    let removed: boolean;
    try {
      removed = await run();
    } catch (err) {
      if (err instanceof ConstraintError && err.kind === 'still-referenced') {
        throw new AppError('CONFLICT', 'This service still has packages; delete them first.');
      }
      throw err;
    }
    if (!removed) throw new AppError('NOT_FOUND', 'No such item.');
    changed({ entity, action: 'deleted', id });
  }

  return { changed, write, remove };
}
export type CatalogueWrites = ReturnType<typeof createCatalogueWrites>;
