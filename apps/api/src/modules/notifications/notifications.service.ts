import type {
  LanguageCode,
  Notice,
  NotificationsPage,
  NotificationsReadInput,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { NoticeRow, NotificationsRepo } from './notifications.repo.js';

export const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  code: r.code,
  params: r.params,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

type Repo = Pick<NotificationsRepo, 'page' | 'unread' | 'markRead' | 'setLanguage'>;

/** What a customer reads of their notices, and marks read; only ever their own. */
export function createNotificationsService(deps: { repo: Repo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(userId: string, q: { before?: string; limit: number }): Promise<NotificationsPage> {
      const [page, unread] = await Promise.all([
        repo.page(userId, q.before, q.limit),
        repo.unread(userId),
      ]);
      if (page === 'unknown-cursor')
        throw new AppError('VALIDATION_FAILED', 'No such notification to page from.', [
          { path: 'querystring.before', code: 'INVALID', message: 'No such notification' },
        ]);
      return { items: page.rows.map(toNotice), hasMore: page.hasMore, unread };
    },

    async read(userId: string, input: NotificationsReadInput): Promise<{ unread: number }> {
      const ids = input.all ? 'all' : [...new Set(input.ids ?? [])];
      return { unread: await repo.markRead(userId, ids, now()) };
    },

    async setLanguage(userId: string, language: LanguageCode): Promise<void> {
      await repo.setLanguage(userId, language);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
