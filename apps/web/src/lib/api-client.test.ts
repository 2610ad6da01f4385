import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () => new Response(body, { status, headers: { 'content-type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiFetch', () => {
  it('returns the JSON body and sends cookies', async () => {
    const fetchMock = respond(200, '{"status":"ok"}');
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/health',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('turns the error shape into an ApiError with its code', async () => {
    respond(
      409,
      '{"error":{"code":"CONFLICT","message":"Email already registered","requestId":"r1"}}',
    );
    const err = await apiFetch('/api/x', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Email already registered',
      requestId: 'r1',
    });
  });

  it('keys field problems by their top-level name in the body, first problem per field', async () => {
    respond(
      400,
      JSON.stringify({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid request.',
          requestId: 'r2',
          fields: [
            {
              path: 'body.slug',
              code: 'INVALID_FORMAT',
              params: {},
              message: 'Invalid slug format',
            },
            { path: 'body.slug', code: 'INVALID', params: {}, message: 'second' },
            {
              path: 'body.features.2',
              code: 'TOO_LONG',
              params: { maximum: 200 },
              message: 'Too long',
            },
          ],
        },
      }),
    );
    const err = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.fields).toEqual({
      slug: { code: 'INVALID_FORMAT', params: {}, message: 'Invalid slug format', path: 'slug' },
      features: {
        code: 'TOO_LONG',
        params: { maximum: 200 },
        message: 'Too long',
        path: 'features.2',
      },
    });
    // Every issue stays, with its path: which entry of a list was refused.
    expect(err.issues.map((i) => [i.path, i.code])).toEqual([
      ['slug', 'INVALID_FORMAT'],
      ['slug', 'INVALID'],
      ['features.2', 'TOO_LONG'],
    ]);
  });

  it('uses "status: body" for an answer without the error shape', async () => {
    respond(502, 'Bad gateway from proxy', 'text/plain');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({
      code: null,
      message: '502: Bad gateway from proxy',
    });
  });
});
