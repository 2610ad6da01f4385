import { routes } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  keyNote,
  operationIdOf,
  refusalCodes,
  refusalResponses,
  securityOf,
} from './openapi-operations.js';

// The scope table (`scopes.ts`) is filled elsewhere: each case names the scope it assumes.

describe('operation ids', () => {
  it('are the route names in camel case', () => {
    expect(operationIdOf('sms.send')).toBe('smsSend');
    expect(operationIdOf('payments.admin.approve')).toBe('paymentsAdminApprove');
    expect(operationIdOf('voice.edge.authorise')).toBe('voiceEdgeAuthorise');
    expect(operationIdOf('auth.changePassword')).toBe('authChangePassword');
  });

  it('are unique over every route', () => {
    const ids = Object.keys(routes).map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('security', () => {
  it('asks nothing of a public route, a session of an admin, the secret of the edge', () => {
    expect(securityOf(routes['health.check'])).toEqual([]);
    expect(securityOf(routes['payments.admin.approve'])).toEqual([{ sessionCookie: [] }]);
    expect(securityOf(routes['voice.edge.authorise'])).toEqual([{ edgeSecret: [] }]);
  });

  it('takes a session or a key with the scope on a customer route that has one', () => {
    expect(securityOf(routes['sms.send'], 'sms:send')).toEqual([
      { sessionCookie: [] },
      { apiKey: ['sms:send'] },
    ]);
    expect(keyNote(routes['sms.send'], 'sms:send')).toContain('`sms:send`');
  });

  it('takes a session only where no scope is listed', () => {
    expect(securityOf(routes['auth.changePassword'], null)).toEqual([{ sessionCookie: [] }]);
    expect(keyNote(routes['auth.changePassword'], null)).toContain('403');
  });
});

describe('refusals', () => {
  it('follow the access level and the input', () => {
    const send = refusalCodes(routes['sms.send'], 'sms:send');
    expect(send.get(400)).toContain('VALIDATION_FAILED');
    expect(send.get(401)).toEqual(['UNAUTHORIZED']);
    expect(send.get(403)).toEqual(['FORBIDDEN', 'CROSS_SITE_REQUEST']);
    // A key's requests are counted per key.
    expect(send.get(429)).toEqual(['RATE_LIMITED']);
    expect(refusalCodes(routes['sms.send'], null).get(429)).toBeUndefined();
    const health = refusalCodes(routes['health.check']);
    expect([...health]).toEqual([[503, ['SERVICE_UNAVAILABLE']]]);
  });

  it('add what the definition documents, with the error body', () => {
    const update = refusalResponses(routes['chat.admin.update']);
    expect(Object.keys(update)).toEqual(['400', '401', '403', '404', '422']);
    expect(JSON.stringify(update['404'])).toContain('NOT_FOUND');
    expect(JSON.stringify(update['422'])).toContain('NOT_AN_AGENT');
    expect(JSON.stringify(update['401'])).toContain('#/components/schemas/Error');
  });
});

describe('audiences', () => {
  it('give admin and edge sub-groups to operators, the rest to customers', () => {
    expect(audienceOf(routes['payments.admin.approve'])).toBe('operators');
    expect(audienceOf(routes['voice.edge.authorise'])).toBe('operators');
    expect(audienceOf(routes['auth.admin.signIn'])).toBe('operators');
    expect(audienceOf(routes['sms.send'])).toBe('customer');
    expect(audienceOf(routes['health.check'])).toBe('customer');
  });
});
