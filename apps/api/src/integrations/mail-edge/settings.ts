/** What the mail edge runs with (config/mail-edge-config.ts reads it from the environment). */
export interface MailEdgeSettings {
  /** MAIL_HOST: the name the edge greets and says EHLO with. */
  host: string;
  /** MAIL_EDGE_LISTEN: the address all three listeners bind. */
  listen: string;
  /** Submission (STARTTLS), SMTPS (implicit TLS), and where bounces and reports arrive. */
  ports: { submission: number; smtps: number; bounce: number };
  /** PEM files: the certificate (chain) and its private key. */
  tls: { certificate: string; privateKey: string };
  /** Where Parley answers /internal/mail/*, without a trailing slash. */
  parleyUrl: string;
  edgeSecret: string;
  /** Resolvers for MX lookups (ip or ip:port); null: the system's. */
  dnsServers: string[] | null;
  /** A smarthost every message goes to instead of the recipients' MX hosts. */
  relay: { host: string; port: number; username?: string; password?: string } | null;
  /** The port used on recipients' MX hosts (25). */
  deliveryPort: number;
  /** The edge's spool: the outbound queue (outbound/) and unsent reports (reports/). */
  queueDir: string;
  /** Haraka's retry schedule (temp_fail_intervals); null: Haraka's own. */
  retryIntervals: string | null;
  /** Deliver to loopback and private addresses (tests; never on a public edge). */
  localMxOk: boolean;
}

/** What the plugin reads from the run folder (parley-edge.json): the settings it needs. */
export type PluginSettings = Pick<
  MailEdgeSettings,
  'host' | 'ports' | 'parleyUrl' | 'edgeSecret' | 'dnsServers' | 'relay' | 'deliveryPort'
> & {
  localMxOk: boolean;
  /** Where unsent delivery reports wait (survives a crash). */
  reportsDir: string;
  /** How often unsent reports are tried again, ms. */
  reportRetryMs: number;
};
