import { describe, expect, it } from 'vitest';
import { headerFromAddress } from './header-from.js';

describe('headerFromAddress', () => {
  it('reads the one mailbox, with or without a display name', () => {
    expect(headerFromAddress('News <News@Example.com>')).toBe('news@example.com');
    expect(headerFromAddress('billing@example.com')).toBe('billing@example.com');
    expect(headerFromAddress('"Doe, <Jane>" <jane@example.com> (sales)')).toBe('jane@example.com');
  });

  it('refuses none, several, or something that is not an address', () => {
    expect(headerFromAddress(undefined)).toBeNull();
    expect(headerFromAddress('a@example.com, b@example.com')).toBeNull();
    expect(headerFromAddress('<a@example.com> <b@example.com>')).toBeNull();
    expect(headerFromAddress('Undisclosed')).toBeNull();
    expect(headerFromAddress('<a@b>')).toBeNull();
  });
});
