import { createOutboxLoop } from '../../lib/outbox-loop.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { PostOptions, PostResult } from './webhook-post.js';
import { nextStep } from './webhook-retry.js';
import type { ClaimedDelivery, TryRecord, WebhookSenderRepo } from './webhook-sender.repo.js';
import { webhookHeaders } from './webhook-signing.js';

type Repo = Pick<WebhookSenderRepo, 'claim' | 'release' | 'releaseOwn' | 'record'>;
type Post = (
  url: string,
  headers: Record<string, string>,
  body: string,
  o: PostOptions,
) => Promise<PostResult>;

export interface WebhookSenderOptions {
  repo: Repo;
  post: Post;
  box: Pick<SecretBox, 'open'>;
  postOptions: PostOptions;
  instanceId: string;
  pollMs: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** A notice was written (an endpoint turned off): announce it. */
  onNotice?: (row: { userId: string; id: string; code: string }) => void;
  batchSize?: number;
  /** How long a claim is this instance's; well over one try's 10 s. */
  leaseMs?: number;
  now?: () => Date;
  random?: () => number;
}

/** What the delivery log keeps of a try. */
function recordOf(result: PostResult): TryRecord {
  if (result.kind === 'answer')
    return {
      responseStatus: result.status,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: null,
    };
  return {
    responseStatus: null,
    latencyMs: result.latencyMs,
    responseExcerpt: null,
    error: result.error,
  };
}

/**
 * The webhook sender: every instance runs it; each due delivery is claimed by one of
 * them, signed (Standard Webhooks), POSTed and its outcome recorded. At least once: a
 * sender that dies mid-try leaves its claim, taken back when its lease ends (or at once
 * when this instance starts again), and the receiver gets the same webhook-id again.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const { repo, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;

  async function sendOne(d: ClaimedDelivery) {
    const secrets = d.endpoint.secrets.flatMap((s) => options.box.open(s) ?? []);
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers = webhookHeaders(secrets, d.messageId, timestamp, body);
    const result = await options.post(d.endpoint.url, headers, body, options.postOptions);
    const at = now();
    const ok = result.kind === 'answer' && result.status >= 200 && result.status < 300;
    const step = nextStep({
      ok,
      status: result.kind === 'answer' ? result.status : null,
      retryAfterMs: result.kind === 'answer' ? result.retryAfterMs : null,
      attempts: d.attempts,
      failingSince: d.endpoint.failingSince,
      now: at,
      random: options.random,
    });
    if (!ok)
      log.info(
        { delivery: d.id, endpoint: d.endpoint.id, attempts: d.attempts, next: step.status },
        'Webhooks: delivery not accepted',
      );
    const told = await repo.record(d, recordOf(result), step, at);
    if (told) {
      log.warn({ endpoint: d.endpoint.id, reason: step.disable }, 'Webhooks: endpoint turned off');
      options.onNotice?.(told);
    }
  }

  async function drain(stopping: () => boolean) {
    while (!stopping()) {
      const batch = await repo.claim(options.batchSize ?? 10, now(), leaseMs, options.instanceId);
      if (batch.length === 0) return;
      await Promise.all(
        batch.map((d) =>
          stopping()
            ? repo.release(d.id, now())
            : sendOne(d).catch((err: unknown) =>
                log.warn({ err, delivery: d.id }, 'Webhooks: delivery not recorded'),
              ),
        ),
      );
    }
  }

  const loop = createOutboxLoop({ name: 'Webhooks: sender', pollMs: options.pollMs, drain, log });
  return {
    ...loop,
    async start() {
      // A database that cannot answer now must not stop the app: those claims' leases
      // run out instead.
      try {
        const back = await repo.releaseOwn(options.instanceId, now());
        if (back > 0)
          log.info({ deliveries: back }, 'Webhooks: claims from before a restart taken back');
      } catch (err) {
        log.warn({ err }, 'Webhooks: claims from before a restart wait for their leases');
      }
      loop.start();
    },
    // stop(): no new pass; the tries in hand finish, the rest wait in the table.
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
