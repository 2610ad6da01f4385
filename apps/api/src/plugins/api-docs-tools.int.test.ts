import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app-fixture.js';
import { tempDir } from '../../test/helpers.js';
import type { OpenApiDocument } from './openapi-documents.js';

// What API users' tools make of the documents: a linter's recommended rules, and an
// SDK generated from the customers' reference that compiles.
const ctx = useTestApp();
let customers: OpenApiDocument;
let operators: OpenApiDocument;
const folder = tempDir('parley-openapi-');

beforeAll(async () => {
  await ctx.app.ready();
  customers = ctx.app.apiDocument('customer');
  operators = ctx.app.apiDocument('operators');
});

/** Redocly's `recommended` rules over a document, offline; its problems by severity. */
async function lintProblems(name: string, document: unknown) {
  const file = path.join(folder, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lint({ ref: file, config });
  const described = (severity: string) =>
    problems
      .filter((p) => p.severity === severity)
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
  return { errors: described('error'), warnings: described('warn') };
}

describe('the linter’s recommended rules', () => {
  it('find no error in either document', async () => {
    for (const [name, document] of [
      ['customers', customers],
      ['operators', operators],
    ] as const) {
      const { errors, warnings } = await lintProblems(name, document);
      // Warnings are reported, not failed: the test output shows what is left to do.
      if (warnings.length)
        process.stdout.write(`${name}: ${warnings.length} warnings\n${warnings.join('\n')}\n`);
      expect(errors, name).toEqual([]);
    }
  }, 60_000);

  it('would find one: an operation that says nothing of its security', async () => {
    const broken = structuredClone(customers);
    const send = broken.paths['/api/sms/send']?.post as Record<string, unknown>;
    delete send.security;
    const { errors } = await lintProblems('broken', broken);
    expect(errors.join('\n')).toContain('security-defined');
  }, 60_000);
});

const CLIENT = `import type { operations, paths } from './parley';

type SendSms = paths['/api/sms/send']['post'];
type SmsToSend = NonNullable<SendSms['requestBody']>['content']['application/json'];
type SmsSent = SendSms['responses'][201]['content']['application/json'];
type Refusal = operations['smsSend']['responses'][401]['content']['application/json'];

/** Sends one SMS with an API key; a repeat with the same idempotency key sends once. */
export async function sendSms(
  baseUrl: string,
  key: string,
  sms: SmsToSend,
  idempotencyKey: string,
): Promise<SmsSent> {
  const res = await fetch(baseUrl + '/api/sms/send', {
    method: 'POST',
    headers: {
      authorization: 'Bearer ' + key,
      'idempotency-key': idempotencyKey,
      'content-type': 'application/json',
    },
    body: JSON.stringify(sms),
  });
  if (!res.ok) throw new Error(((await res.json()) as Refusal).error.code);
  return (await res.json()) as SmsSent;
}

export const hello: SmsToSend = { senderId: 'Parley', recipient: '+447700900123', message: 'Hi' };
// @ts-expect-error: a message needs its recipient
export const noRecipient: SmsToSend = { senderId: 'Parley', message: 'Hi' };
export const statusOf = (sent: SmsSent): string => sent.status;
`;

describe('an SDK generated from the customers’ reference', () => {
  it('compiles with a client that uses it', async () => {
    const types = astToString(await openapiTS(customers as never));
    expect(types).toContain('smsSend');
    fs.writeFileSync(path.join(folder, 'parley.ts'), types);
    fs.writeFileSync(path.join(folder, 'client.ts'), CLIENT);
    const program = ts.createProgram([path.join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
