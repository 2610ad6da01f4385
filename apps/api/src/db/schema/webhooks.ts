import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A customer's webhook endpoint: where to send which events, signed with `secret`
 * (sealed, decision 0063); after a rotation the old one signs too until `previousUntil`.
 * `failingSince` is the first failure since the last success; Parley turns an endpoint
 * off (`disabledReason` gone or failing) and tells the customer, never silently.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.userId),
    check(
      'webhook_endpoints_disabled_reason',
      sql`${t.disabledReason} is null or ${t.disabledReason} in ('gone', 'failing')`,
    ),
  ],
);

/**
 * The outbox: one row per endpoint and event, written in the transaction of the change
 * it tells of. `pending` rows are sent when `nextAttemptAt` comes (pushed ahead by each
 * claim, so it is also the claim's lease; `claimedBy` lets an instance take its own
 * claims back at once after a crash). `messageId` is the `webhook-id`, kept by a redelivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
