import { describe, expect, it } from 'vitest';
import { isRetryOf, SUBJECT_MAX, statusAfter, subjectOf, VISIBLE } from './chat-rules.js';

describe('chat rules', () => {
  it('names a conversation by its first message, on one line, cut with an ellipsis', () => {
    expect(subjectOf('  Hello\n  there ')).toBe('Hello there');
    const long = subjectOf('a'.repeat(200));
    expect(Array.from(long)).toHaveLength(SUBJECT_MAX);
    expect(long.endsWith('…')).toBe(true);
    // Never splits an emoji's surrogate pair.
    expect(subjectOf('😀'.repeat(100)).startsWith('😀'.repeat(SUBJECT_MAX - 1))).toBe(true);
  });

  it('opens on a customer message, waits on an admin reply, leaves a note alone', () => {
    expect(statusAfter('customer')).toBe('open');
    expect(statusAfter('admin')).toBe('pending');
    expect(statusAfter('note')).toBeNull();
  });

  it('never shows a customer an internal note', () => {
    expect(VISIBLE.customer).not.toContain('note');
    expect(VISIBLE.admin).toContain('note');
  });

  it('takes a requestId written again as a retry only for the same kind and text', () => {
    const written = { kind: 'customer', body: 'Hi' };
    expect(isRetryOf(written, { kind: 'customer', body: 'Hi' })).toBe(true);
    expect(isRetryOf(written, { kind: 'customer', body: 'Hi!' })).toBe(false);
    expect(isRetryOf(written, { kind: 'note', body: 'Hi' })).toBe(false);
  });
});
