import type { NotificationCode } from '@parley/shared';
import type { Db } from './client.js';
import { notifications } from './schema/index.js';

export interface NoticeInput {
  userId: string;
  /** What happened, rendered in the reader's language (use `notice()` for typed values). */
  code: NotificationCode;
  params?: Record<string, string>;
  /** One notice per key and customer: the same cause never notifies twice. */
  key: string;
  /** Also by email (when the mailer is configured). */
  email?: boolean;
  at: Date;
}

/**
 * Records a notice inside the caller's transaction, so it exists exactly when the change
 * it tells of does. Answers the new row, or null when this key was noticed before.
 */
export async function insertNotification(tx: Pick<Db, 'insert'>, input: NoticeInput) {
  const [row] = await insertNotifications(tx, [input]);
  return row ?? null;
}

/** Several notices in one statement; those already written (same key) are skipped. */
export async function insertNotifications(tx: Pick<Db, 'insert'>, inputs: NoticeInput[]) {
  if (inputs.length === 0) return [];
  return tx
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        userId: input.userId,
        code: input.code,
        params: input.params ?? {},
        key: input.key,
        emailDue: input.email ? input.at : null,
        createdAt: input.at,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning();
}

export type NotificationRow = typeof notifications.$inferSelect;
