import type { SmtpReply } from '@parley/shared';

const reply = (code: number, enhanced: string, message: string): SmtpReply => ({
  code,
  enhanced,
  message,
});

/**
 * What an SMTP client is told when Parley refuses (decision 0069): 5xx when sending the
 * same again cannot work, 4xx when it may later (a limit's window, a top-up).
 */
export const REPLIES = {
  authFailed: reply(535, '5.7.8', 'Authentication credentials invalid'),
  authLocked: reply(454, '4.7.0', 'Too many failed logins: try again later'),
  authGone: reply(535, '5.7.8', 'This SMTP user no longer exists'),
  accountSuspended: reply(550, '5.7.1', 'This account is suspended'),
  noPackage: reply(550, '5.7.1', 'No SMTP package in service for this account'),
  domainUnverified: (domain: string) =>
    reply(550, '5.7.1', `Sender domain ${domain} is not verified for this account`),
  noHeaderFrom: reply(550, '5.6.0', 'The message needs one From address (RFC 5322)'),
  tooManyRecipients: reply(452, '4.5.3', 'Too many recipients in one message'),
  suppressed: reply(
    550,
    '5.7.1',
    'Recipient is on your suppression list (an earlier hard bounce or complaint)',
  ),
} as const;

/** The metering's refusals, by the meter's answer. */
export const METER_REPLIES = {
  'hourly-limit': reply(451, '4.7.1', "This SMTP user's hourly limit is reached: try later"),
  'daily-cap': reply(452, '4.5.3', "The account's daily sending limit is reached"),
  'allowance-used': reply(
    552,
    '5.7.0',
    "The package's monthly emails are used and it has no overage: sending resumes next period",
  ),
  balance: reply(
    452,
    '4.3.1',
    'Monthly emails used and the balance cannot pay for more: top up to continue',
  ),
  'spend-cap': reply(452, '4.7.0', 'Your daily spending cap is reached'),
  'in-progress': reply(451, '4.3.0', 'This message is being queued already: try again shortly'),
} as const;
