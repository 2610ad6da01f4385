import { describe, expect, it } from 'vitest';
import { isolate, isolateName, ltr } from './bidi';

describe('isolateName', () => {
  it('keeps a phone number left to right, so its plus stays in front in Arabic', () => {
    expect(isolateName('+4315283746')).toBe(ltr('+4315283746'));
    expect(isolateName('+44 20 7946 0000')).toBe('\u2066+44 20 7946 0000\u2069');
  });
  it('isolates any other name by its first strong letter', () => {
    expect(isolateName('Global Data 1 GB (Data Packages)')).toBe(
      isolate('Global Data 1 GB (Data Packages)'),
    );
    expect(isolateName('بيانات عالمية')).toBe('\u2068بيانات عالمية\u2069');
  });
});
