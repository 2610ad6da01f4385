import { addressText, codes, type HarakaHmail, type Next } from './haraka-runtime.js';
import { mxTargets, NoMx } from './mx.js';
import type { MailEventKind, ReportQueue } from './reports.js';
import type { PluginSettings } from './settings.js';
import { parleyNotesOf } from './submission.js';

type Recipient = HarakaHmail['todo']['rcpt_to'][number];

/** mx.ts's words for a recipient domain that cannot take mail at all. */
const PERMANENT_DOMAIN = /^(No such domain: |.* accepts no mail \(null MX\))/;

/** Where Haraka's outbound queue delivers, and what it reports to Parley of each try. */
export function deliveryHooks(settings: PluginSettings, reports: () => ReportQueue) {
  function report(
    hmail: HarakaHmail,
    kind: MailEventKind,
    rcpts: Recipient[],
    reason: string,
    prefix = '',
  ) {
    const notes = parleyNotesOf(hmail.todo.notes);
    if (!notes) return hmail.logwarn('a queued message without a Parley id: not reported');
    for (const rcpt of rcpts) {
      const recipient = addressText(rcpt);
      if (!recipient) continue;
      reports().report({
        messageId: notes.messageId,
        recipient,
        kind,
        reason: `${prefix}${kind === 'delivered' ? reason : (rcpt.reason ?? reason)}`,
      });
    }
  }

  return {
    /** The smarthost (MAIL_RELAY_URL), or the domain's MX hosts by MAIL_DNS_SERVERS. */
    getMx(next: Next, _hmail: HarakaHmail, domain: string) {
      const relay = settings.relay;
      if (relay)
        return next(codes.ok, {
          exchange: relay.host,
          port: relay.port,
          priority: 0,
          bind_helo: settings.host,
          ...(relay.username ? { auth_user: relay.username, auth_pass: relay.password } : {}),
        });
      mxTargets(domain, {
        servers: settings.dnsServers,
        port: settings.deliveryPort,
        localOk: settings.localMxOk,
      }).then(
        (targets) =>
          next(
            codes.ok,
            targets.map((t) => ({ ...t, bind_helo: settings.host })),
          ),
        (err: unknown) =>
          next(
            err instanceof NoMx && err.permanent ? codes.deny : codes.denysoft,
            (err as Error).message,
          ),
      );
    },

    delivered(next: Next, hmail: HarakaHmail, params: unknown[]) {
      const response = String(params[2] ?? '');
      report(hmail, 'delivered', (params[6] as Recipient[] | undefined) ?? [], response);
      next();
    },

    deferred(next: Next, hmail: HarakaHmail, info: { err?: unknown }) {
      report(hmail, 'deferred', hmail.todo.rcpt_to, String(info?.err ?? 'deferred'));
      next();
    },

    /**
     * Reported to Parley instead of a bounce message to the sender (its return path is
     * this edge's own bounce listener). A recipient Haraka gives up on after the last
     * retry was only ever refused for now: reported deferred, not bounced, so Parley does
     * not suppress the address (it settles it as expired at its deadline).
     */
    bounce(next: Next, hmail: HarakaHmail, err: unknown) {
      const message = String((err as Error)?.message ?? err);
      if (/^Too many failures/.test(message)) {
        report(hmail, 'deferred', hmail.todo.rcpt_to, message, 'Gave up after the last retry: ');
        return next(codes.ok);
      }
      // Only the recipient's side refusing for good suppresses an address: a 5xx reply,
      // or a domain that does not exist or takes no mail. The edge's own failures (its
      // disk, an MX on a private address) are reported deferred and settle as expired.
      const remote = (r: Recipient) =>
        /^5\d\d\b/.test(r.reason ?? '') || PERMANENT_DOMAIN.test(r.reason ?? message);
      report(hmail, 'bounced', hmail.todo.rcpt_to.filter(remote), message);
      const ours = hmail.todo.rcpt_to.filter((r) => !remote(r));
      report(hmail, 'deferred', ours, message, 'Not delivered: ');
      next(codes.ok);
    },
  };
}
