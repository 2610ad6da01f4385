import type { Call, SmsMessage } from '@parley/shared';
import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (
  status: number,
  code: string,
  message: string,
  fields?: unknown,
  params?: Record<string, string | number>,
) =>
  json(
    {
      error: {
        code,
        message,
        requestId: 'r',
        ...(params ? { params } : {}),
        ...(fields ? { fields } : {}),
      },
    },
    status,
  );

export const aMessage = (over: Partial<SmsMessage> = {}): SmsMessage => ({
  id: 'm1',
  senderId: 'Parley',
  recipient: '+447400123456',
  message: 'Hello',
  status: 'delivered',
  encoding: 'GSM-7',
  segments: 1,
  cost: '0.0316',
  error: null,
  batchId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const aCall = (over: Partial<Call> = {}): Call => ({
  id: 'c1',
  direction: 'outbound',
  callerId: '+447700900123',
  destination: '+447400123456',
  country: 'GB',
  status: 'ended',
  duration: 75,
  billableSeconds: 120,
  includedSeconds: 0,
  cost: '0.0316',
  ratePerMinute: '0.0158',
  price: '0.0200',
  priceCurrency: 'USD',
  increments: '60/60',
  maxSeconds: 3600,
  hangupCause: 'normal',
  hangupBy: 'caller',
  createdAt: '2026-03-01T10:00:00.000Z',
  answeredAt: '2026-03-01T10:00:03.000Z',
  endedAt: '2026-03-01T10:01:18.000Z',
  lateReportAt: null,
  ...over,
});

export const history = (items: SmsMessage[], total = items.length, page = 1) => ({
  items,
  total,
  page,
  pageSize: 10,
});

export type Handler = (init?: RequestInit) => Response | Promise<Response>;

/** A JSON body as its value; any other body (a CSV upload) as its text. */
function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** A fake API keyed by "METHOD /path?query"; every call is recorded. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push({ key, body: init?.body ? parsed(String(init.body)) : undefined });
      const handler = routes[key];
      return handler ? handler(init) : apiError(404, 'NOT_FOUND', 'Not found');
    }),
  );
  return { routes, calls, count: (key: string) => calls.filter((c) => c.key === key).length };
}
