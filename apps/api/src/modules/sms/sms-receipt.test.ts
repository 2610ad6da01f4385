import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../integrations/sms/port.js';
import { createReceiptApplier } from './sms-receipt.js';
import type { ReceiptInput } from './sms-settle.repo.js';

const receipt = (upstreamId: string): Receipt => ({
  upstreamId,
  status: 'delivered',
  envelope: {
    source: '447400100001',
    destination: 'Parley',
    message: '',
    esmClass: 4,
    dataCoding: 0,
  },
});

describe('receipts that come together', () => {
  it('share one transaction; when it fails, each is applied alone and only the bad one fails', async () => {
    const writes: string[][] = [];
    const applier = createReceiptApplier({
      repo: {
        async applyReceipts(receipts: readonly ReceiptInput[]) {
          writes.push(receipts.map((r) => r.ids[0] ?? ''));
          if (receipts.some((r) => r.ids.includes('bad'))) throw new Error('refused');
          return receipts.map(() => ({ outcome: 'applied' as const }));
        },
        async storeInbound() {},
      },
      log: { warn() {} },
      now: () => new Date(),
      stopping: () => false,
    });
    const outcomes = await Promise.allSettled(
      ['good1', 'bad', 'good2'].map((id) => applier(receipt(id))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writes[0]).toEqual(['good1', 'bad', 'good2']);
    expect(writes.slice(1).sort()).toEqual([['bad'], ['good1'], ['good2']]);
  });
});
