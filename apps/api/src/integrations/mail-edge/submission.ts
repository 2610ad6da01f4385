import { createHash, randomUUID } from 'node:crypto';
import type { SmtpReply } from '@parley/shared';
import { dkimSignature } from './dkim.js';
import {
  addressText,
  codes,
  dsnOf,
  type HarakaAddress,
  type HarakaConnection,
  messageOf,
  type Next,
  outbound,
  refusalOf,
} from './haraka-runtime.js';
import { headerFromAddress } from './header-from.js';
import { type ParleyClient, UNREACHABLE_REPLY } from './parley-client.js';
import { reasonText } from './reports.js';

/** What Parley said of the current transaction, kept in its notes (and the queue file). */
export interface ParleyNotes {
  messageId: string;
  duplicate: boolean;
}

const QUEUE_FAILED: SmtpReply = {
  code: 451,
  enhanced: '4.3.0',
  message: 'The message could not be queued: try again',
};
const AUTH_REQUIRED: SmtpReply = {
  code: 530,
  enhanced: '5.7.0',
  message: 'Authentication required',
};
const NO_SENDER: SmtpReply = {
  code: 550,
  enhanced: '5.1.7',
  message: 'A sender address is required',
};
const TOO_LONG: SmtpReply = { code: 553, enhanced: '5.1.3', message: 'Address too long' };
const MAX_ADDRESS = 254;

export const credentialOf = (c: HarakaConnection) =>
  typeof c.notes.parleyCredential === 'string' ? c.notes.parleyCredential : null;
export const parleyNotesOf = (notes: Record<string, unknown>) =>
  (notes.parley as ParleyNotes | undefined) ?? null;

/** Runs an async hook body; anything it throws answers 451 4.3.0 (try again). */
export function guarded(
  connection: HarakaConnection | null,
  next: Next,
  body: () => Promise<void>,
): void {
  body().catch((err: unknown) => {
    connection?.logerror({ name: 'parley' }, `hook failed: ${(err as Error).message}`);
    next(...refusalOf(UNREACHABLE_REPLY));
  });
}

/** Parley's answer to a check as Haraka's `next`: refused → its reply; unreachable → 451. */
async function checked(next: Next, ask: () => Promise<{ allowed: boolean; reply?: SmtpReply }>) {
  let answer: { allowed: boolean; reply?: SmtpReply };
  try {
    answer = await ask();
  } catch {
    return next(...refusalOf(UNREACHABLE_REPLY));
  }
  if (!answer.allowed && answer.reply) return next(...refusalOf(answer.reply));
  next(codes.ok);
}

/** One header's text for Parley's log: decoded, no control characters, at most 998. */
const headerText = (value: string | undefined) => (reasonText(value ?? '') ?? '').slice(0, 998);

/** MAIL FROM, RCPT TO and end of DATA on the submission ports (587 and 465). */
export function submissionHooks(client: ParleyClient) {
  return {
    mail(next: Next, connection: HarakaConnection, from: HarakaAddress) {
      const credentialId = credentialOf(connection);
      if (!connection.relaying || !credentialId) return next(...refusalOf(AUTH_REQUIRED));
      const address = addressText(from);
      if (!address) return next(...refusalOf(NO_SENDER));
      if (address.length > MAX_ADDRESS) return next(...refusalOf(TOO_LONG));
      guarded(connection, next, () =>
        checked(next, () => client.sender({ credentialId, from: address })),
      );
    },

    rcpt(next: Next, connection: HarakaConnection, to: HarakaAddress) {
      const credentialId = credentialOf(connection);
      const txn = connection.transaction;
      if (!credentialId || !txn) return next(...refusalOf(AUTH_REQUIRED));
      const address = addressText(to);
      if (!address || address.length > MAX_ADDRESS) return next(...refusalOf(TOO_LONG));
      // Haraka has added this recipient to the list already.
      const accepted = Math.max(0, txn.rcpt_to.length - 1);
      guarded(connection, next, () =>
        checked(next, () =>
          client.recipient({
            credentialId,
            from: addressText(txn.mail_from),
            to: address,
            accepted,
          }),
        ),
      );
    },

    /** Metered and recorded once by Parley, DKIM-signed, the envelope sender its VERP. */
    dataPost(next: Next, connection: HarakaConnection) {
      const credentialId = credentialOf(connection);
      const txn = connection.transaction;
      if (!credentialId || !txn) return next(...refusalOf(AUTH_REQUIRED));
      guarded(connection, next, async () => {
        // Without a Message-ID, the message's own digest tells a client's retry of it.
        const clientMessageId =
          headerText(txn.header.get('Message-ID')) ||
          `sha256:${createHash('sha256')
            .update(await messageOf(txn))
            .digest('hex')}`;
        let answer: Awaited<ReturnType<ParleyClient['accept']>>;
        try {
          answer = await client.accept({
            credentialId,
            messageId: randomUUID(),
            clientMessageId,
            from: addressText(txn.mail_from),
            // Exactly one From header, read as written (decoding could turn an encoded
            // display name's comma into a list separator).
            headerFrom:
              txn.header.get_all('From').length === 1
                ? headerFromAddress(headerText(txn.header.get('From')))
                : null,
            to: txn.rcpt_to.map(addressText),
            subject: headerText(txn.header.get_decoded('Subject')),
            size: txn.data_bytes,
          });
        } catch {
          return next(...refusalOf(UNREACHABLE_REPLY));
        }
        if (!answer.allowed) return next(...refusalOf(answer.reply));
        if (answer.duplicate) {
          txn.notes.parley = { messageId: answer.messageId, duplicate: true } satisfies ParleyNotes;
          return next();
        }
        const signature = await dkimSignature(await messageOf(txn), answer.dkim);
        txn.add_leading_header('DKIM-Signature', signature);
        txn.mail_from = new txn.mail_from.constructor(answer.returnPath);
        txn.notes.parley = { messageId: answer.messageId, duplicate: false } satisfies ParleyNotes;
        connection.loginfo({ name: 'parley' }, `accepted as ${answer.messageId}`);
        next();
      });
    },

    /** A message Parley had accepted before: 250, and nothing queued again. */
    queueOutbound(next: Next, connection: HarakaConnection) {
      const txn = connection.transaction;
      const notes = txn ? parleyNotesOf(txn.notes) : null;
      if (!txn || !notes) return next(codes.denysoft, dsnOf(UNREACHABLE_REPLY));
      if (notes.duplicate) return next(codes.ok);
      // Queued here rather than by Haraka's default, which answers 550 when its queue
      // cannot write: the client must retry (451), or the message accepted is lost.
      outbound.send_trans_email(txn, (code, msg) => {
        if (code === codes.ok) return next(codes.ok, msg);
        connection.logerror({ name: 'parley' }, `queue failed: ${String(msg)}`);
        next(codes.denysoft, dsnOf(QUEUE_FAILED));
      });
    },
  };
}
