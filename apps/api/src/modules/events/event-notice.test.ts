import { describe, expect, it } from 'vitest';
import { readNotice } from './events.repo.js';

describe('an event notice', () => {
  it('carries the event whole, or its id alone when the event was too long', () => {
    const whole = JSON.stringify({ id: 42, type: 'chat.message', data: { userId: 'u', n: 1 } });
    expect(readNotice(whole)).toEqual({
      id: 42,
      event: { type: 'chat.message', data: { userId: 'u', n: 1 } },
    });
    expect(readNotice('42')).toEqual({ id: 42, event: null });
  });

  it('is null for anything Parley does not send', () => {
    for (const payload of [
      '',
      '-1',
      '1.5',
      '99999999999999999',
      'not json',
      '{"id":"1","type":"x","data":{}}',
      '{"id":1,"type":2,"data":{}}',
      '{"id":1,"type":"x","data":null}',
      '{"id":1,"type":"x","data":[1]}',
      '{"id":1.5,"type":"x","data":{}}',
      'null',
      '[]',
    ])
      expect(readNotice(payload), payload).toBeNull();
  });
});
