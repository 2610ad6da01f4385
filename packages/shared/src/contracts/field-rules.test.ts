import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { confirmPasswordProblem, newPasswordProblem } from '../domain/auth.js';
import {
  messageProblem,
  recipientProblem,
  senderIdProblem,
  senderReasonProblem,
} from '../domain/sms-rules.js';
import { signUpSchema } from './auth.js';
import { recipientSchema, senderIdSchema, smsTextSchema } from './sms.js';
import { senderRequestInputSchema } from './sms-senders.js';

/** The field code the contract's schema reports for a value, or null when it takes it. */
function schemaCode(schema: z.ZodType, value: unknown, path: PropertyKey[] = []) {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => i.path.join('.') === path.join('.'));
  const field = (issue as { params?: { field?: { code: string; params: object } } } | undefined)
    ?.params?.field;
  return field ? { code: field.code, params: field.params } : (issue?.code ?? null);
}

/** The same verdict from the domain function the browser calls. */
const domainCode = (problem: { code: string; params?: object } | null) =>
  problem ? { code: problem.code, params: problem.params ?? {} } : null;

const SENDERS = [
  'Parley',
  '',
  '   ',
  'A'.repeat(11),
  'A'.repeat(12),
  'Pärley',
  'Shop!',
  '+447400123456',
  '1234567890123456',
  '+123456789012345',
  'My Shop & Co',
  `${'A'.repeat(12)}!`,
];
const RECIPIENTS = [
  '+447400123456',
  '447400123456',
  ' +44 (7400) 123-456 ',
  '',
  '  ',
  'abc',
  '+0123456',
  '+1',
  '+1234567890123456',
  '+12',
];
const MESSAGES = [
  'Hello',
  '',
  '   ',
  'x'.repeat(160),
  'x'.repeat(161),
  '😀'.repeat(160),
  '😀'.repeat(161),
  'Line\nbreak',
];
const REASONS = [
  'Order updates for our shop',
  'too short',
  '          x',
  'x'.repeat(300),
  'x'.repeat(301),
  '😀'.repeat(10),
  '😀'.repeat(9),
];
const PASSWORDS = ['correct horse', 'short', '', '1234567890', '123456789'];

describe('the contracts and the domain rules the browser calls agree', () => {
  it.each(SENDERS)('sender ID %j', (value) => {
    expect(schemaCode(senderIdSchema, value)).toEqual(domainCode(senderIdProblem(value)));
  });
  it.each(RECIPIENTS)('recipient %j', (value) => {
    expect(schemaCode(recipientSchema, value)).toEqual(domainCode(recipientProblem(value)));
  });
  it.each(MESSAGES)('message %j', (value) => {
    expect(schemaCode(smsTextSchema, value)).toEqual(domainCode(messageProblem(value)));
  });
  it.each(REASONS)('sender reason %j', (reason) => {
    const input = { senderId: 'MyShop', reason };
    expect(schemaCode(senderRequestInputSchema, input, ['reason'])).toEqual(
      domainCode(senderReasonProblem(reason)),
    );
  });
  it.each(PASSWORDS)('new password %j', (password) => {
    const input = {
      name: 'Ada',
      email: 'ada@example.com',
      password,
      confirmPassword: 'something else',
      contactMethod: 'telegram',
      contactValue: '@ada',
      altcha: 'x',
    };
    expect(schemaCode(signUpSchema, input, ['password'])).toEqual(
      domainCode(newPasswordProblem(password)),
    );
    expect(schemaCode(signUpSchema, input, ['confirmPassword'])).toEqual(
      domainCode(confirmPasswordProblem(password, input.confirmPassword)),
    );
  });
});
