import {
  authApi,
  catalogueAdminApi,
  catalogueApi,
  paymentsAdminApi,
  smsApi,
} from '@parley/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, urlOf } from './api';
import { ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('call', () => {
  it('takes the method and path from the route table, filling in and encoding parameters', async () => {
    const fetchMock = answer(200, { id: 't1' });
    await call(paymentsAdminApi.approve, { params: { id: 'a/b' }, body: { adminNotes: 'ok' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(paymentsAdminApi.approve.method).toBe('POST');
    expect(url).toBe('/api/admin/payments/a%2Fb/approve');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"adminNotes":"ok"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('sends a query string without empty values, and no body on a GET', async () => {
    const fetchMock = answer(200, { items: [], total: 0, page: 2, pageSize: 10 });
    const history = await call(smsApi.history, { query: { page: 2, pageSize: 10 } });
    expect(history.total).toBe(0);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/sms/history?page=2&pageSize=10');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(urlOf(catalogueApi.numbers, { query: { country: 'GB', q: '', page: undefined } })).toBe(
      '/api/numbers?country=GB',
    );
  });

  it('sends a CSV upload as text/csv, as the route table says', async () => {
    const fetchMock = answer(200, { committed: false });
    await call(catalogueAdminApi.importNumbers, { query: { commit: 'false' }, body: 'a,b\n' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/numbers/import?commit=false');
    expect(init?.body).toBe('a,b\n');
    expect(new Headers(init?.headers).get('content-type')).toBe('text/csv');
  });

  it('answers nothing for 204 and an ApiError with the code otherwise', async () => {
    answer(204, null);
    await expect(call(authApi.logoutEverywhere)).resolves.toBeUndefined();
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'x', requestId: 'r' } });
    const err = await call(authApi.user).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => urlOf(smsApi.batch)).toThrow(/id/);
  });
});
