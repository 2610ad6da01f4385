import type { SmsRow } from '../src/modules/sms/sms.repo.js';
import type { OutboxRepo } from '../src/modules/sms/sms-outbox.js';

/** A queued message as the outbox would find it, with the fields given changed. */
export function smsRow(over: Partial<SmsRow> = {}): SmsRow {
  const at = new Date('2026-03-01T12:00:00.000Z');
  return {
    id: 'm1',
    userId: 'u1',
    batchId: null,
    senderId: 'Parley',
    recipient: '+447400100001',
    message: 'Hello',
    encoding: 'GSM-7',
    segments: 1,
    countryCode: 'GB',
    unitPrice: '0.0400',
    priceCurrency: 'GBP',
    cost: '0.0400',
    rate: null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: at,
    claimedUntil: null,
    claimedBy: null,
    handedAt: null,
    reference: 7,
    acceptedParts: [],
    error: null,
    requestHash: null,
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    doneAt: null,
    ...over,
  };
}

/**
 * The outbox's repo in memory, keeping the rules the SQL keeps: a claim takes due
 * queued messages and leases them; a lease is renewed only by the same claim while
 * live; a message is failed (and refunded) once; a crashed claim goes back to the
 * queue unless it was handed to the gateway.
 */
export function fakeOutboxRepo(rows: SmsRow[]) {
  const messages = new Map(rows.map((r) => [r.id, { ...r }]));
  const refunds: string[] = [];
  const inbound: Parameters<OutboxRepo['storeInbound']>[0][] = [];
  const calls: string[] = [];
  const get = (id: string) => {
    const m = messages.get(id);
    if (!m) throw new Error(`no message ${id}`);
    return m;
  };
  const failOnce = (m: SmsRow, error: string, at: Date, status = 'failed') => {
    if (!['queued', 'sending', 'sent'].includes(m.status)) return null;
    Object.assign(m, { status, error, doneAt: at, claimedUntil: null });
    refunds.push(m.id);
    return { ...m };
  };
  const settle = (which: (m: SmsRow) => boolean, at: Date, error: string) => {
    let n = 0;
    for (const m of messages.values())
      if (m.status === 'sending' && which(m)) {
        if (m.handedAt) failOnce(m, error, at);
        else Object.assign(m, { status: 'queued', claimedUntil: null, claimedBy: null });
        n++;
      }
    return n;
  };
  const repo: OutboxRepo = {
    async claim(limit, at, leaseMs, instanceId = null) {
      calls.push('claim');
      const due = [...messages.values()]
        .filter((m) => m.status === 'queued' && m.nextAttemptAt <= at)
        .slice(0, limit);
      for (const m of due)
        Object.assign(m, {
          status: 'sending',
          attempts: m.attempts + 1,
          claimedUntil: new Date(at.getTime() + leaseMs),
          claimedBy: instanceId,
          handedAt: null,
        });
      return due.map((m) => ({ ...m }));
    },
    async renewLeases(claims, at, leaseMs) {
      calls.push(`renewLeases ${claims.length}`);
      return claims.flatMap(({ id, attempt }) => {
        const m = get(id);
        const live = m.status === 'sending' && m.attempts === attempt && m.claimedUntil;
        if (!live || (m.claimedUntil as Date) < at) return [];
        Object.assign(m, { claimedUntil: new Date(at.getTime() + leaseMs), handedAt: at });
        return [id];
      });
    },
    async markSent(sent, at) {
      calls.push(`markSent write ${sent.length}`);
      for (const { id, upstreamIds } of sent) {
        calls.push(`markSent ${id}`);
        const m = get(id);
        if (m.status === 'sending')
          Object.assign(m, {
            status: 'sent',
            acceptedParts: [...upstreamIds],
            sentAt: at,
            error: null,
          });
      }
    },
    async retryLater(id, accepted, nextAt, error) {
      calls.push(`retryLater ${id}`);
      const m = get(id);
      if (m.status === 'sending')
        Object.assign(m, {
          status: 'queued',
          acceptedParts: [...accepted],
          nextAttemptAt: nextAt,
          claimedUntil: null,
          handedAt: null,
          error: error || null,
        });
    },
    async fail(id, error, at, accepted = []) {
      calls.push(`fail ${id}`);
      const m = get(id);
      m.acceptedParts = [...accepted];
      return failOnce(m, error, at);
    },
    async applyReceipts(receipts) {
      return receipts.map(() => ({ outcome: 'unknown' as const }));
    },
    async expireOverdue(sentBefore, at, error) {
      let n = 0;
      for (const m of messages.values())
        if (
          m.status === 'sent' &&
          m.sentAt &&
          m.sentAt < sentBefore &&
          failOnce(m, error, at, 'expired')
        )
          n++;
      return n;
    },
    async recoverAbandoned(at, error) {
      return settle((m) => (m.claimedUntil as Date) < at, at, error);
    },
    async releaseOwnClaims(instanceId, at, error) {
      calls.push(`releaseOwnClaims ${instanceId}`);
      return settle((m) => m.claimedBy === instanceId, at, error);
    },
    async storeInbound(row) {
      inbound.push(row);
    },
  };
  return { repo, messages, refunds, inbound, calls, get };
}
