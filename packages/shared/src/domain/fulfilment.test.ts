import { describe, expect, it } from 'vitest';
import { fulfilmentDueAt, fulfilmentOpening, isOverdue } from './fulfilment.js';
import { LANGUAGE_CODES } from './languages.js';

describe('fulfilmentDueAt', () => {
  it('counts two business days from a weekday', () => {
    // Monday 09:00 → Wednesday 09:00.
    expect(fulfilmentDueAt(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe(
      '2026-03-04T09:00:00.000Z',
    );
  });

  it('skips the weekend', () => {
    // Thursday → Monday; Friday → Tuesday; Saturday → Tuesday.
    expect(fulfilmentDueAt(new Date('2026-03-05T10:00:00Z')).toISOString()).toBe(
      '2026-03-09T10:00:00.000Z',
    );
    expect(fulfilmentDueAt(new Date('2026-03-06T10:00:00Z')).toISOString()).toBe(
      '2026-03-10T10:00:00.000Z',
    );
    expect(fulfilmentDueAt(new Date('2026-03-07T10:00:00Z')).toISOString()).toBe(
      '2026-03-10T10:00:00.000Z',
    );
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-03-04T12:00:00Z');
  it('is overdue only while open and past its due time', () => {
    expect(isOverdue({ status: 'open', dueAt: '2026-03-04T11:59:59Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'open', dueAt: '2026-03-04T12:00:01Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'done', dueAt: '2026-03-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('fulfilmentOpening', () => {
  it('names the item in every language, English when the language is unknown', () => {
    for (const code of LANGUAGE_CODES)
      expect(fulfilmentOpening('Cloud PBX', code)).toContain('Cloud PBX');
    expect(fulfilmentOpening('Cloud PBX', 'xx')).toBe(fulfilmentOpening('Cloud PBX', 'en'));
    expect(fulfilmentOpening('Cloud PBX', 'de')).not.toBe(fulfilmentOpening('Cloud PBX', 'en'));
  });
});
