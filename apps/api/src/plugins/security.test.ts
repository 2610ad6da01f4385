import { describe, expect, it } from 'vitest';
import type { Config } from '../config/env.js';
import { apiSecurityHeaders, helmetOptions, staticSecurityHeaders } from './security.js';

const pageHeaders = (publicUrl: string | undefined) =>
  staticSecurityHeaders(
    helmetOptions({ publicUrl, voice: { gateway: 'sandbox' } } as unknown as Config),
  );

describe('the API answers’ security headers', () => {
  it('keep HSTS exactly as the pages have it when the public address is https', () => {
    const page = pageHeaders('https://parley.example');
    expect(page['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(apiSecurityHeaders(page)['strict-transport-security']).toBe(
      page['strict-transport-security'],
    );
  });

  it('send no HSTS over plain http', () => {
    expect(apiSecurityHeaders(pageHeaders(undefined))).not.toHaveProperty(
      'strict-transport-security',
    );
  });
});
