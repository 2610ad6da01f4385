import type {
  MailCredential,
  MailDomain,
  MailMessage,
  MailOverview,
  Suppression,
} from '@parley/shared';

/** The relay's answers as the API sends them, for this feature's tests. */
export const OVERVIEW = 'GET /api/mail';
export const USERS = 'GET /api/mail/credentials';
export const CREATE_USER = 'POST /api/mail/credentials';
export const DOMAINS = 'GET /api/mail/domains';
export const ADD_DOMAIN = 'POST /api/mail/domains';
export const DOMAIN_ID = '44444444-4444-4444-8444-444444444444';
export const VERIFY = `POST /api/mail/domains/${DOMAIN_ID}/verify`;
export const REMOVE_DOMAIN = `DELETE /api/mail/domains/${DOMAIN_ID}`;
export const USER_ID = '55555555-5555-4555-8555-555555555555';
export const REMOVE_USER = `DELETE /api/mail/credentials/${USER_ID}`;

export const anOverview = (over: Partial<MailOverview> = {}): MailOverview => ({
  host: 'smtp.parley.test',
  submissionPort: 587,
  smtpsPort: 465,
  package: {
    name: 'SMTP Basic',
    monthlyEmails: 10_000,
    used: 1234,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-03-31T12:00:00.000Z',
    overagePer1000: '0.80',
    logDays: 7,
  },
  today: { used: 56, cap: 5000 },
  ...over,
});

export const anSmtpUser = (over: Partial<MailCredential> = {}): MailCredential => ({
  id: USER_ID,
  username: 'smtp-ab12cd34ef',
  hourlyLimit: 1000,
  createdAt: '2026-03-01T12:00:00.000Z',
  lastUsedAt: null,
  ...over,
});

const DKIM_KEY = `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'x'.repeat(340)}IDAQAB`;

export const aDomain = (over: Partial<MailDomain> = {}): MailDomain => ({
  id: DOMAIN_ID,
  domain: 'example.com',
  verifiedAt: null,
  checkedAt: null,
  records: [
    {
      purpose: 'spf',
      type: 'TXT',
      host: 'example.com',
      value: 'v=spf1 include:_spf.smtp.parley.test ~all',
      status: 'unchecked',
    },
    {
      purpose: 'dkim',
      type: 'TXT',
      host: 'parley._domainkey.example.com',
      value: `v=DKIM1; k=rsa; p=${DKIM_KEY}`,
      status: 'unchecked',
    },
    {
      purpose: 'return-path',
      type: 'CNAME',
      host: 'pm-bounces.example.com',
      value: 'bounces.smtp.parley.test',
      status: 'unchecked',
    },
  ],
  ...over,
});

export const aSuppression = (over: Partial<Suppression> = {}): Suppression => ({
  id: '66666666-6666-4666-8666-666666666666',
  address: 'gone@example.org',
  reason: 'bounce',
  detail: '550 5.1.1 User unknown',
  createdAt: '2026-03-02T09:00:00.000Z',
  ...over,
});

export const aMessage = (over: Partial<MailMessage> = {}): MailMessage => ({
  id: '77777777-7777-4777-8777-777777777777',
  createdAt: '2026-03-02T10:00:00.000Z',
  from: 'news@example.com',
  subject: 'March newsletter',
  size: 20_480,
  cost: '0.00',
  recipients: [
    {
      address: 'ada@example.org',
      state: 'delivered',
      reason: null,
      updatedAt: '2026-03-02T10:00:05.000Z',
    },
    {
      address: 'gone@example.org',
      state: 'bounced',
      reason: '550 5.1.1 User unknown',
      updatedAt: '2026-03-02T10:00:06.000Z',
    },
  ],
  ...over,
});

/** A page of a list as the API answers it. */
export const pageOf = <T>(items: T[], total = items.length, page = 1, pageSize = 25) => ({
  items,
  total,
  page,
  pageSize,
});
