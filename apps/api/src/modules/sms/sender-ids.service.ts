import {
  type AdminSenderList,
  chooseSender,
  type SenderChoice,
  type SenderFacts,
  type SenderRequest,
  type SmsSenders,
  senderKey,
  senderKind,
  type senderRequestInputSchema,
} from '@parley/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { withFields } from '../../lib/with-fields.js';
import type { SenderIdRow, SenderIdsRepo } from './sender-ids.repo.js';

export const toSenderRequest = (r: SenderIdRow): SenderRequest => ({
  id: r.id,
  senderId: r.senderId,
  kind: r.kind as SenderRequest['kind'],
  reason: r.reason,
  status: r.status as SenderRequest['status'],
  adminNote: r.adminNote,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const alreadyRequested = () =>
  new AppError('SENDER_ID_ALREADY_REQUESTED', 'You have already asked for this sender ID.', [
    {
      path: 'body.senderId',
      code: 'SENDER_ID_ALREADY_REQUESTED',
      message: 'You have already asked for this sender ID.',
    },
  ]);

/**
 * Sender IDs: which sender a customer's message goes out with (domain chooseSender),
 * the customer's requests, and the admin's approvals and rejections (audited). Each
 * request and decision is published (`sender.updated`): the customer's page and the
 * admins' list follow live, as they do for payments.
 */
export function createSenderIdsService(deps: {
  repo: SenderIdsRepo;
  events: Pick<EventBus, 'publish'>;
  defaultSender: string;
  pendingMax: number;
  now?: () => Date;
}) {
  const { repo, defaultSender, pendingMax } = deps;
  const now = deps.now ?? (() => new Date());
  const published = (row: SenderIdRow): SenderRequest => {
    deps.events.publish({
      type: 'sender.updated',
      data: { userId: row.userId, id: row.id, senderId: row.senderId, status: row.status },
    });
    return toSenderRequest(row);
  };

  async function facts(userId: string, rows?: SenderIdRow[]): Promise<SenderFacts> {
    const [requests, owned] = await Promise.all([
      rows ?? repo.listForUser(userId),
      repo.ownedNumbers(userId),
    ]);
    const of = (status: string) =>
      requests.filter((r) => r.status === status).map((r) => r.senderId);
    return {
      defaultSender,
      owned,
      approved: of('approved'),
      pending: of('pending'),
      rejected: of('rejected'),
    };
  }

  async function decide(
    id: string,
    status: 'approved' | 'rejected',
    admin: { id: string; ip: string | null },
    note: string | null,
  ): Promise<SenderRequest> {
    const result = await repo.decide({
      id,
      status,
      note,
      adminId: admin.id,
      ip: admin.ip,
      at: now(),
    });
    if (result === 'not-found') throw new AppError('NOT_FOUND', 'No such sender ID request.');
    if (result === 'decided')
      throw new AppError('ALREADY_DECIDED', 'This request has already been decided.');
    if (result === 'own')
      throw new AppError('FORBIDDEN', 'Another admin must decide your own sender ID request.');
    return published(result);
  }

  return {
    defaultSender,

    /** The sender a message from `userId` asking for `requested` goes out with, and why. */
    async choose(userId: string, requested: string): Promise<SenderChoice> {
      // The brand sender is everyone's whatever they own or asked for: nothing to read.
      if (senderKey(requested.trim()) === senderKey(defaultSender))
        return chooseSender(requested, {
          defaultSender,
          owned: [],
          approved: [],
          pending: [],
          rejected: [],
        });
      return chooseSender(requested, await facts(userId));
    },

    async list(userId: string): Promise<SmsSenders> {
      const rows = await repo.listForUser(userId);
      return {
        defaultSender,
        ownedNumbers: await repo.ownedNumbers(userId),
        requests: rows.map(toSenderRequest),
        pendingMax,
      };
    },

    async request(
      userId: string,
      input: z.output<typeof senderRequestInputSchema>,
    ): Promise<SenderRequest> {
      const rows = await repo.listForUser(userId);
      const choice = chooseSender(input.senderId, await facts(userId, rows));
      if (choice.status === 'default' || choice.status === 'owned')
        throw new AppError(
          'SENDER_ID_NOT_NEEDED',
          choice.status === 'owned'
            ? 'This is your own number: you can send with it without asking.'
            : 'This is our own sender ID: you can send with it without asking.',
          [
            {
              path: 'body.senderId',
              code: 'SENDER_ID_NOT_NEEDED',
              message: 'No approval is needed for this sender ID.',
            },
          ],
        );
      if (choice.status === 'approved' || choice.status === 'pending') throw alreadyRequested();
      const row = await repo.create(
        userId,
        {
          senderId: input.senderId,
          senderKey: senderKey(input.senderId),
          kind: senderKind(input.senderId),
          reason: input.reason,
        },
        pendingMax,
      );
      if (row === 'limit')
        throw new AppError(
          'SENDER_ID_PENDING_LIMIT',
          `At most ${pendingMax} sender ID requests can wait for approval at once.`,
        );
      // The same sender asked for twice at once: the unique index kept one.
      if (row === 'duplicate') throw alreadyRequested();
      return published(row);
    },

    async adminList(query: {
      status?: SenderRequest['status'];
      page: number;
      pageSize: number;
    }): Promise<AdminSenderList> {
      const { items, total } = await repo.adminList(query.status, query.page, query.pageSize);
      return {
        items: items.map((i) =>
          withFields(toSenderRequest(i.row), {
            user: { id: i.row.userId, email: i.email },
            decidedBy: i.decidedBy,
          }),
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    approve: (id: string, admin: { id: string; ip: string | null }, note?: string) =>
      decide(id, 'approved', admin, note || null),
    reject: (id: string, admin: { id: string; ip: string | null }, note: string) =>
      decide(id, 'rejected', admin, note),
  };
}
export type SenderIdsService = ReturnType<typeof createSenderIdsService>;
