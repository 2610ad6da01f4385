import type { smsMessages } from '../../db/schema/index.js';

/** The row types SMS repos share; their own file so neither repo imports the other. */
export type NewSms = typeof smsMessages.$inferInsert;
export type SmsRow = typeof smsMessages.$inferSelect;

/** What the customer's answer needs of a queued message. */
export type QueuedSms = Pick<
  SmsRow,
  | 'id'
  | 'senderId'
  | 'recipient'
  | 'message'
  | 'status'
  | 'encoding'
  | 'segments'
  | 'cost'
  | 'error'
  | 'batchId'
  | 'createdAt'
>;

/** How a queued message is charged: its amount, rate, ledger note and minimum balance. */
export interface SmsCharge {
  amount: string;
  rate: string | null;
  note: string;
  minBalance: string;
}
