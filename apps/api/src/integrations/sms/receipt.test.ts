import { describe, expect, it } from 'vitest';
import { parseReceipt, receiptIdCandidates } from './receipt.js';

describe('receiptIdCandidates', () => {
  it('gives the decimal and hex forms of an id, without leading zeros', () => {
    expect(receiptIdCandidates('255')).toEqual(expect.arrayContaining(['255', 'ff']));
    expect(receiptIdCandidates('FF')).toEqual(expect.arrayContaining(['ff', '255']));
    expect(receiptIdCandidates('000A1')).toEqual(expect.arrayContaining(['000a1', 'a1', '161']));
    expect(receiptIdCandidates('msg-42')).toEqual(['msg-42']);
  });
});

describe('parseReceipt', () => {
  const text = (stat: string, id = '1234') =>
    `id:${id} sub:001 dlvr:001 submit date:2611230101 done date:2611230102 stat:${stat} err:000 text:Hello`;
  it('reads delivered and failed receipts', () => {
    expect(parseReceipt(text('DELIVRD'))).toEqual({ upstreamId: '1234', status: 'delivered' });
    expect(parseReceipt(text('UNDELIV'))).toEqual({
      upstreamId: '1234',
      status: 'failed',
      error: 'UNDELIV (err 000)',
    });
  });
  it('prefers the receipted_message_id TLV, and ignores what is not final', () => {
    expect(parseReceipt(text('DELIVRD'), 'abc')?.upstreamId).toBe('abc');
    expect(parseReceipt(text('ENROUTE'))).toBeNull();
    expect(parseReceipt('hello there')).toBeNull();
  });
});
