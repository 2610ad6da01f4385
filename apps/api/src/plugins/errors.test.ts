import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggable } from './errors.js';

describe('loggable', () => {
  it('keeps a failed query and its database error but never its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint_name: 'users_email_unique',
      detail: 'Key (email)=(a@b.co) already exists.',
    });
    // Drizzle's own error, whose message ends with a "params:" line.
    const err = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['a@b.co', '$argon2id$v=19$secret', '+447400123456'],
      cause,
    );
    expect(err.message).toContain('params:');
    const logged = JSON.stringify(loggable(err));
    expect(logged).toContain('insert into users (email, password_hash)');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_unique');
    expect(logged).not.toContain('params');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('a@b.co');
    expect(logged).not.toContain('447400123456');
  });

  it('drops the value a data exception quotes', () => {
    const err = Object.assign(new Error('invalid input syntax for type uuid: "bob@example.com"'), {
      code: '22P02',
    });
    const logged = JSON.stringify(loggable(err));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('bob@example.com');
  });

  it('masks emails, numbers and query strings in any message', () => {
    const err = new Error("'/api/x?email=c@d.io' is not valid; call +447400123456 or ann@x.org");
    const logged = JSON.stringify(loggable(err));
    expect(logged).not.toMatch(/c@d\.io|ann@x\.org|447400123456/);
    expect(logged).toContain('/api/x?[redacted]');
  });

  it('describes a thrown non-Error', () => {
    expect(loggable(null)).toEqual({ message: 'null' });
  });
});
