import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.js';

const user = z.object({ id: z.string(), balance: z.string() });
const serialize = responseSerializer({ schema: user, method: 'GET', url: '/api/x' });

describe('response serializer', () => {
  it('writes only the contract fields', () => {
    const row = { id: 'u1', balance: '1.0000', passwordHash: 'secret' };
    expect(JSON.parse(serialize(row))).toEqual({ id: 'u1', balance: '1.0000' });
  });

  it('refuses an answer that breaks its contract', () => {
    let error: unknown;
    try {
      serialize({ id: 'u1' });
    } catch (err) {
      error = err;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('takes a schema given as { properties }', () => {
    const wrapped = responseSerializer({ schema: { properties: user }, method: 'GET', url: '/' });
    expect(wrapped({ id: 'a', balance: '0' })).toBe('{"id":"a","balance":"0"}');
  });
});
