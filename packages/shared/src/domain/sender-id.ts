/**
 * Sender IDs (what a recipient sees as "from"). An alphanumeric sender (it has a letter
 * or a sign) has at most 11 characters (the GSM limit); a numeric one (digits,
 * optionally led by +) at most 15 digits, as an international number may have. The
 * platform's own brand sender needs nothing; a number the customer rents from us needs
 * nothing; any other sender is used only once an admin has approved it.
 */

/** An alphanumeric sender's characters (at most 11 of them). */
export const SENDER_ID_CHARACTERS = /^[A-Za-z0-9 .&+-]+$/;
/** A numeric sender: digits, optionally led by +, at most 15 (E.164). */
export const NUMERIC_SENDER = /^\+?[0-9]+$/;
export const SENDER_NUMERIC_MAX = 15;
/** A request's reason (what the sender is for): between these lengths. */
export const SENDER_REASON_MIN = 10;
export const SENDER_REASON_MAX = 300;

export type SenderKind = 'alphanumeric' | 'numeric';

export const senderKind = (sender: string): SenderKind =>
  NUMERIC_SENDER.test(sender.trim()) ? 'numeric' : 'alphanumeric';

/**
 * The form two senders are compared in: a number by its digits (+44… and 44… are one
 * sender), a name without regard to letter case or repeated spaces.
 */
export function senderKey(sender: string): string {
  const value = sender.trim();
  if (senderKind(value) === 'numeric') return value.replace(/^\+/, '');
  return value.replace(/\s+/g, ' ').toLowerCase();
}

/** Why a sender would be used (or not): the reason the form and the answers name. */
export const SENDER_STATUSES = [
  /** The platform's brand sender itself. */
  'default',
  /** Approved by an admin for this customer. */
  'approved',
  /** A number the customer rents through an active order. */
  'owned',
  /** Requested, waiting for an admin: the default sender is used meanwhile. */
  'pending',
  /** Refused by an admin: the default sender is used. */
  'rejected',
  /** Never requested: the default sender is used. */
  'not_requested',
] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];

export interface SenderChoice {
  /** The sender the customer asked for. */
  requested: string;
  /** The sender the message goes out with. */
  used: string;
  status: SenderStatus;
}

export interface SenderFacts {
  /** The platform's brand sender (SMS_DEFAULT_SENDER). */
  defaultSender: string;
  /** The customer's senders an admin approved, as approved. */
  approved: readonly string[];
  /** Numbers the customer rents (E.164). */
  owned: readonly string[];
  pending: readonly string[];
  rejected: readonly string[];
}

/** Which sender a message asking for `requested` goes out with, and why. */
export function chooseSender(requested: string, facts: SenderFacts): SenderChoice {
  const wanted = requested.trim();
  const key = senderKey(wanted);
  const has = (list: readonly string[]) => list.find((s) => senderKey(s) === key);
  const fallback = (status: SenderStatus) => ({
    requested: wanted,
    used: facts.defaultSender,
    status,
  });
  if (key === senderKey(facts.defaultSender)) return fallback('default');
  if (senderKind(wanted) === 'numeric' && has(facts.owned))
    return { requested: wanted, used: wanted, status: 'owned' };
  const approved = has(facts.approved);
  if (approved) return { requested: wanted, used: approved, status: 'approved' };
  if (has(facts.pending)) return fallback('pending');
  if (has(facts.rejected)) return fallback('rejected');
  return fallback('not_requested');
}
