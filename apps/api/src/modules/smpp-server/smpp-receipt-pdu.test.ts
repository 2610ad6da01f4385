import { describe, expect, it } from 'vitest';
import { receiptDate, receiptPdu, receiptStat } from './smpp-receipt-pdu.js';

const facts = {
  id: '3f0c2a51-8d7e-4b1a-9c2d-0e6f5a4b3c21',
  source: 'Acme',
  destination: '447400123456',
  submittedAt: new Date('2026-11-29T08:05:00Z'),
  doneAt: new Date('2026-11-29T08:06:30Z'),
  text: 'Your code is 1234, valid for ten minutes',
};

describe('delivery receipts', () => {
  it('write the standard text and the TLVs gateways match on', () => {
    const pdu = receiptPdu({ ...facts, status: 'delivered' });
    expect(pdu.short_message).toBe(
      `id:${facts.id} sub:001 dlvrd:001 submit date:2611290805 done date:2611290806 stat:DELIVRD err:000 text:Your code is 1234, v`,
    );
    expect(pdu).toMatchObject({
      esm_class: 0x04,
      source_addr: '447400123456',
      destination_addr: 'Acme',
      dest_addr_ton: 5,
      receipted_message_id: facts.id,
      message_state: 2,
    });
  });

  it('name each final state as SMPP does', () => {
    expect(receiptStat('failed')).toBe('UNDELIV');
    expect(receiptStat('expired')).toBe('EXPIRED');
    expect(receiptStat(null)).toBe('REJECTD');
    const never = receiptPdu({ ...facts, status: null, doneAt: null, source: '447700900123' });
    expect(never).toMatchObject({ message_state: 8, dest_addr_ton: 1 });
    expect(String(never.short_message)).toContain(
      'dlvrd:000 submit date:2611290805 done date:2611290805 stat:REJECTD',
    );
  });

  it('date in UTC as YYMMDDhhmm', () => {
    expect(receiptDate(new Date('2027-01-02T03:04:59Z'))).toBe('2701020304');
  });
});
