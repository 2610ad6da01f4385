import { describe, expect, it } from 'vitest';
import { loggable } from './errors.js';

describe('loggable', () => {
  it('keeps a failed query and its database error but never its parameters', () => {
    const err = Object.assign(
      new Error('Failed query: insert into users ... params: a@b.co,$argon2id$v=19$secret'),
      {
        name: 'DrizzleQueryError',
        query: 'insert into users (email, password_hash) values ($1, $2)',
        params: ['a@b.co', '$argon2id$v=19$secret'],
        cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
          code: '22021',
        }),
      },
    );
    const logged = JSON.stringify(loggable(err));
    expect(logged).toContain('insert into users (email, password_hash)');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('a@b.co');
  });

  it('describes a thrown non-Error', () => {
    expect(loggable(null)).toEqual({ message: 'null' });
  });
});
