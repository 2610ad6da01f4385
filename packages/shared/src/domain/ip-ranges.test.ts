import { describe, expect, it } from 'vitest';
import { parseIpRange, rangesOverlap, rangeWithin } from './ip-ranges.js';

const r = (text: string) => {
  const range = parseIpRange(text);
  if (!range) throw new Error(`not a range: ${text}`);
  return range;
};

describe('parseIpRange', () => {
  it.each([
    ['81.2.69.160', '81.2.69.160/32'],
    ['81.2.69.0/24', '81.2.69.0/24'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2a00:1450:4009:81f::200e', '2a00:1450:4009:81f::200e/128'],
    ['2A00:1450::/32', '2a00:1450::/32'],
    ['::1', '::1/128'],
    ['::ffff:81.2.69.160', '::ffff:5102:45a0/128'],
    ['fd00:0:0:1::/64', 'fd00:0:0:1::/64'],
  ])('reads %s as %s', (text, written) => expect(parseIpRange(text)?.text).toBe(written));

  it.each([
    '',
    '81.2.69',
    '81.2.69.256',
    '081.2.69.1',
    '81.2.69.1/24',
    '81.2.69.0/33',
    '81.2.69.0/',
    '1.2.3.4/8/8',
    '2a00::1::2',
    '2a00:1:2:3:4:5:6:7:8',
    'fe80::1%eth0',
    'example.com',
  ])('refuses %j', (text) => expect(parseIpRange(text)).toBeNull());
});

describe('ranges', () => {
  it('overlap when they share an address, never across families', () => {
    expect(rangesOverlap(r('81.2.69.0/24'), r('81.2.69.160'))).toBe(true);
    expect(rangesOverlap(r('81.2.69.0/25'), r('81.2.69.128/25'))).toBe(false);
    expect(rangesOverlap(r('0.0.0.0/0'), r('::/0'))).toBe(false);
  });
  it('know when one holds another', () => {
    expect(rangeWithin(r('127.0.0.2'), r('127.0.0.0/8'))).toBe(true);
    expect(rangeWithin(r('127.0.0.0/8'), r('127.0.0.2'))).toBe(false);
    expect(rangeWithin(r('fd00::5'), r('fd00::/8'))).toBe(true);
  });
});
