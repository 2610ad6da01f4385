import {
  bounceHostOf,
  messageIdOfReturnPath,
  RETURN_PATH_LABEL,
  type SmtpReply,
} from '@parley/shared';
import {
  addressText,
  codes,
  type HarakaAddress,
  type HarakaConnection,
  messageOf,
  type Next,
  refusalOf,
} from './haraka-runtime.js';
import type { ReportQueue } from './reports.js';
import { outcomesOfReport, quotedReturnPath } from './reports-parse.js';

const NOT_HERE: SmtpReply = { code: 550, enhanced: '5.1.1', message: 'No such mailbox here' };

/** The message id of a VERP return path on a `pm-bounces.` host, or null. */
export function returnPathMessageId(address: string): string | null {
  const host = address.slice(address.lastIndexOf('@') + 1);
  if (!host.startsWith(`${RETURN_PATH_LABEL}.`)) return null;
  return messageIdOfReturnPath(address);
}

/** The address feedback loops send complaints to: `fbl@bounces.<MAIL_HOST>`. */
export const feedbackAddressOf = (mailHost: string) => `fbl@${bounceHostOf(mailHost)}`;

/**
 * The bounce port (25): DSNs and complaint reports to `bounce+<id>@pm-bounces.<domain>`,
 * and feedback loops' reports to the feedback address (naming their message by the
 * return path they quote).
 * No AUTH and nothing relayed: a report becomes events for Parley, and every message to
 * it is then dropped (logged by size only: no addresses, no content).
 */
/** Recipients of one message to the bounce port, and outcomes taken from one report. */
const MAX_REPORT_RECIPIENTS = 5;
const MAX_OUTCOMES = 100;
const TOO_MANY = { code: 452, enhanced: '4.5.3', message: 'Too many recipients' };

export function bounceListenerHooks(mailHost: string, reports: () => ReportQueue) {
  const feedback = feedbackAddressOf(mailHost);
  return {
    rcpt(next: Next, connection: HarakaConnection, to: HarakaAddress) {
      const address = addressText(to);
      // A report is about one message: a handful of addresses is plenty.
      if ((connection.transaction?.rcpt_to.length ?? 0) > MAX_REPORT_RECIPIENTS)
        return next(...refusalOf(TOO_MANY));
      if (returnPathMessageId(address) || address === feedback) return next(codes.ok);
      next(...refusalOf(NOT_HERE));
    },

    async dataPost(next: Next, connection: HarakaConnection) {
      const txn = connection.transaction;
      if (!txn) return next();
      const raw = (await messageOf(txn)).toString('utf8');
      const addresses = txn.rcpt_to.map(addressText);
      if (addresses.includes(feedback)) addresses.push(quotedReturnPath(raw) ?? '');
      const ids = [...new Set(addresses.map(returnPathMessageId).filter(Boolean))] as string[];
      const outcomes = outcomesOfReport(raw).slice(0, MAX_OUTCOMES);
      for (const messageId of ids)
        for (const outcome of outcomes) reports().report({ messageId, ...outcome });
      connection.loginfo(
        { name: 'parley' },
        outcomes.length > 0 && ids.length > 0
          ? `report of ${outcomes.length} outcome(s) taken`
          : `a message of ${txn.data_bytes} bytes that reports nothing of Parley's: dropped`,
      );
      next();
    },

    /** Everything the bounce port takes ends here: read, never delivered. */
    queue(next: Next) {
      next(codes.ok);
    },
  };
}
