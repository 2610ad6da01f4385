import { describe, expect, it } from 'vitest';
import { API_SCOPES } from '../contracts/api-keys.js';
import { routes } from './routes/index.js';
import { keyMayCall, ROUTE_SCOPES, scopeOf } from './scopes.js';

describe('ROUTE_SCOPES', () => {
  it('gives keys customer routes only: never an admin, edge or public route', () => {
    for (const name of Object.keys(ROUTE_SCOPES)) {
      const route = (routes as Record<string, { access: string } | undefined>)[name];
      if (name.startsWith('webhooks.')) continue;
      expect(route?.access, name).toBe('user');
    }
  });

  it('uses every scope, and only the contract’s', () => {
    expect(new Set(Object.values(ROUTE_SCOPES))).toEqual(new Set(API_SCOPES));
  });

  it('never opens account security or the keys themselves', () => {
    for (const name of [
      'auth.changePassword',
      'auth.logoutEverywhere',
      'apiKeys.create',
      'apiKeys.list',
      'apiKeys.revoke',
      'guardrails.save',
      'voice.regeneratePassword',
    ])
      expect(keyMayCall(name, 'user'), name).toBe(false);
    expect(keyMayCall('auth.signIn', 'public')).toBe(false);
    expect(keyMayCall('catalogue.services', 'public')).toBe(true);
    expect(keyMayCall('users.admin.list', 'admin')).toBe(false);
  });

  it('reads no inherited names', () => {
    expect(scopeOf('toString')).toBeNull();
    expect(scopeOf('constructor')).toBeNull();
  });
});
