import { describe, expect, it } from 'vitest';
import { trunkMediaFlags } from './trunk-media.js';

const offered = (flags: string) =>
  flags
    .split(' ')
    .filter((f) => f.startsWith('codec-offer='))
    .map((f) => f.slice('codec-offer='.length));

describe('trunkMediaFlags', () => {
  it('strips every codec first, then offers the chosen one first and the other allowed ones after', () => {
    const flags = trunkMediaFlags('g722');
    expect(flags.split(' ')[0]).toBe('codec-strip=all');
    expect(offered(flags)).toEqual(['G722', 'PCMU', 'PCMA', 'G729', 'opus', 'telephone-event']);
  });

  it('offers G.711 first by default, and for a codec it does not know (never an empty offer)', () => {
    expect(offered(trunkMediaFlags('g711'))).toEqual([
      'PCMU',
      'PCMA',
      'G722',
      'G729',
      'opus',
      'telephone-event',
    ]);
    expect(trunkMediaFlags('speex')).toBe(trunkMediaFlags('g711'));
  });

  it('puts opus first for an opus trunk and never names a codec outside the allowed ones', () => {
    const names = offered(trunkMediaFlags('opus'));
    expect(names[0]).toBe('opus');
    expect(new Set(names)).toEqual(
      new Set(['opus', 'PCMU', 'PCMA', 'G722', 'G729', 'telephone-event']),
    );
    // Kamailio passes the flags string on as words: nothing may need quoting.
    expect(trunkMediaFlags('opus')).toMatch(/^[\w= -]+$/);
  });
});
