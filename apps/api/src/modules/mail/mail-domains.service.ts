import {
  MAIL_MAX_DOMAINS,
  MAIL_RECORD_PURPOSES,
  type MailDomain,
  mailRecords,
} from '@parley/shared';
import type { MailRelayConfig } from '../../config/mail-relay-config.js';
import { DnsUnavailableError, type MailDns } from '../../integrations/mail/dns.js';
import { AppError } from '../../lib/app-error.js';
import { isoTime } from '../../lib/iso-time.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { MailDomainRow, MailRepo } from './mail.repo.js';
import type { MailPackage } from './mail-plan.js';
import { packageRequired } from './mail-plan.js';
import { allRight, checkRecords } from './mail-records.js';
import { newDkimKey } from './mail-secrets.js';

const notFound = () => new AppError('NOT_FOUND', 'Domain not found.');
const domainField = (code: 'MAIL_DOMAIN_EXISTS' | 'MAIL_DOMAIN_TAKEN', message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'body.domain', code, message }]);

/**
 * Sending domains (decision 0069): each gets a DKIM key of its own; the customer
 * publishes SPF, DKIM and the return path, and a check through DNS verifies it.
 */
export function createMailDomainsService(deps: {
  repo: MailRepo;
  packages: (userId: string) => Promise<MailPackage[]>;
  dns: MailDns;
  box: SecretBox;
  config: MailRelayConfig;
  verifyLimit: Pick<RateLimiter, 'hit'>;
  now?: () => Date;
}) {
  const { repo, config } = deps;
  const now = deps.now ?? (() => new Date());
  const requirePackage = packageRequired(deps.packages, now);

  const toDomain = (r: MailDomainRow): MailDomain => ({
    id: r.id,
    domain: r.domain,
    verifiedAt: r.verifiedAt ? isoTime(r.verifiedAt) : null,
    checkedAt: r.checkedAt ? isoTime(r.checkedAt) : null,
    records: mailRecords(r.domain, config.host, r.dkimPublicKey).map((record) => ({
      ...record,
      status: (r.recordStatus?.[record.purpose] ??
        'unchecked') as MailDomain['records'][number]['status'],
    })),
  });

  return {
    domains: async (userId: string) => (await repo.domains(userId)).map(toDomain),

    async addDomain(userId: string, domain: string): Promise<MailDomain> {
      await requirePackage(userId);
      const key = await newDkimKey();
      const made = await repo.insertDomain(
        {
          userId,
          domain,
          dkimPublicKey: key.publicKey,
          dkimPrivateBox: deps.box.seal(key.privateKey),
        },
        MAIL_MAX_DOMAINS,
      );
      if (made === 'limit')
        throw new AppError('MAIL_LIMIT', `At most ${MAIL_MAX_DOMAINS} domains.`);
      if (made === 'exists')
        throw domainField('MAIL_DOMAIN_EXISTS', 'This domain was added already');
      return toDomain(made);
    },

    /** Reads the records through DNS; verified once all three are right. */
    async verifyDomain(userId: string, id: string): Promise<MailDomain> {
      const row = await repo.domain(userId, id);
      if (!row) throw notFound();
      await deps.verifyLimit.hit(userId);
      let found: Awaited<ReturnType<typeof checkRecords>>;
      try {
        found = await checkRecords(deps.dns, row.domain, config.host, row.dkimPublicKey);
      } catch (err) {
        if (err instanceof DnsUnavailableError)
          throw new AppError('SERVICE_UNAVAILABLE', 'The DNS did not answer: try again shortly.');
        throw err;
      }
      const at = now();
      const status = Object.fromEntries(MAIL_RECORD_PURPOSES.map((p) => [p, found[p]]));
      const saved = await repo.recordCheck(row.id, status, allRight(found) ? at : null, at);
      if (saved === 'taken')
        throw domainField('MAIL_DOMAIN_TAKEN', 'Another account sends from this domain');
      if (!saved) throw notFound();
      return toDomain(saved);
    },

    async removeDomain(userId: string, id: string) {
      if (!(await repo.removeDomain(userId, id))) throw notFound();
    },
  };
}
export type MailDomainsService = ReturnType<typeof createMailDomainsService>;
