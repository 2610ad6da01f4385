/** Who wrote a message: the customer, an admin, or an admin's internal note. */
export type ChatKind = 'customer' | 'admin' | 'note';
export type ChatSide = 'customer' | 'admin';

/** The subject a conversation takes from its first customer message. */
export const SUBJECT_MAX = 80;
export const subjectOf = (body: string) => {
  // By characters, so a cut never splits an emoji's surrogate pair.
  const chars = Array.from(body.replace(/\s+/g, ' ').trim());
  return chars.length > SUBJECT_MAX
    ? `${chars.slice(0, SUBJECT_MAX - 1).join('')}…`
    : chars.join('');
};

/** What a message does to its conversation's status: null leaves it as it is. */
export const statusAfter = (kind: ChatKind) =>
  kind === 'customer' ? 'open' : kind === 'admin' ? 'pending' : null;

/** The kinds each side may read: customers never see internal notes. */
export const VISIBLE: Record<ChatSide, ChatKind[]> = {
  customer: ['customer', 'admin'],
  admin: ['customer', 'admin', 'note'],
};

/**
 * A message written again with its requestId is a retry only when it is the same kind
 * and the same text; anything else reuses the key for another message.
 */
export const isRetryOf = (
  written: { kind: string; body: string },
  asked: { kind: ChatKind; body: string },
) => written.kind === asked.kind && written.body === asked.body;
