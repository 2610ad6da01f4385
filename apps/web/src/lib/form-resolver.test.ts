import { describe, expect, it } from 'vitest';
import { functionResolver } from './form-resolver';

type Values = { email: string; password: string };
const resolver = functionResolver<Values>((v) => ({
  email: v.email ? undefined : 'required',
  password: v.password.length < 8 ? 'short' : null,
}));
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('functionResolver', () => {
  it('turns the check’s messages into field errors and keeps no values', async () => {
    const result = await resolver({ email: '', password: 'abc' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      email: { type: 'validate', message: 'required' },
      password: { type: 'validate', message: 'short' },
    });
  });

  it('passes the values on when the check finds nothing', async () => {
    const values = { email: 'ada@example.com', password: 'long enough' };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });
});
