import fs from 'node:fs';
import path from 'node:path';
import { authHooks } from './auth.js';
import { bounceListenerHooks } from './bounce-listener.js';
import { deliveryHooks } from './delivery.js';
import {
  codes,
  type HarakaAddress,
  type HarakaConnection,
  type HarakaHmail,
  type Next,
} from './haraka-runtime.js';
import { parleyClient } from './parley-client.js';
import { type ReportQueue, reportQueue } from './reports.js';
import type { PluginSettings } from './settings.js';
import { guarded, parleyNotesOf, submissionHooks } from './submission.js';

interface HarakaPlugin {
  inherits(name: string): void;
  base: Record<string, Record<string, (...args: unknown[]) => unknown>>;
  loginfo(msg: string): void;
}

/**
 * Haraka never outlives npm run mail:edge, even one killed with SIGKILL: it then removes
 * the run folder (the secret and the TLS key are in it) and exits.
 */
function exitWithParent(runDir: string) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    fs.rmSync(runDir, { recursive: true, force: true });
    process.exit(1);
  }, 1000);
  timer.unref();
}

/**
 * Parley's Haraka plugin (rendered as plugins/parley/index.js in the run folder, which
 * calls this with the path of its settings). Hooks are thin: each hands over to the
 * module for its part (auth, submission, bounce listener, delivery).
 */
export function harakaPlugin(settingsFile: string) {
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as PluginSettings;
  const client = parleyClient(settings);
  let queue: ReportQueue | undefined;
  const reports = () => {
    if (!queue) throw new Error('the plugin is not registered');
    return queue;
  };
  const auth = authHooks(client, settings.ports);
  const submission = submissionHooks(client);
  const bounces = bounceListenerHooks(settings.host, reports);
  const delivery = deliveryHooks(settings, reports);
  const onBouncePort = (c: HarakaConnection) => c.local.port === settings.ports.bounce;

  return {
    register(this: HarakaPlugin) {
      this.inherits('auth/auth_base');
      exitWithParent(path.dirname(path.dirname(settingsFile)));
      queue = reportQueue({
        dir: settings.reportsDir,
        client,
        retryMs: settings.reportRetryMs,
        log: (line) => this.loginfo(line),
      });
    },

    hook_capabilities(next: Next, connection: HarakaConnection) {
      auth.capabilities(connection);
      next();
    },

    check_plain_passwd(
      connection: HarakaConnection,
      user: string,
      password: string,
      cb: (valid: boolean, reply?: { code: number; message: string }) => void,
    ) {
      auth.check(connection, user, password, cb);
    },

    hook_mail(next: Next, connection: HarakaConnection, params: [HarakaAddress]) {
      if (onBouncePort(connection)) return next();
      submission.mail(next, connection, params[0]);
    },

    hook_rcpt(next: Next, connection: HarakaConnection, params: [HarakaAddress]) {
      if (onBouncePort(connection)) return bounces.rcpt(next, connection, params[0]);
      submission.rcpt(next, connection, params[0]);
    },

    hook_data_post(next: Next, connection: HarakaConnection) {
      if (onBouncePort(connection))
        return guarded(connection, next, () => bounces.dataPost(next, connection));
      submission.dataPost(next, connection);
    },

    hook_queue(next: Next, connection: HarakaConnection) {
      // Only the bounce port takes mail without AUTH; nothing else is queued unrelayed.
      if (!onBouncePort(connection)) return next(codes.deny);
      bounces.queue(next);
    },

    hook_queue_outbound(next: Next, connection: HarakaConnection) {
      submission.queueOutbound(next, connection);
    },

    // The queue holds it on disk now: Parley is told (through the reports kept on disk),
    // so a client's retry of it is a duplicate rather than queued again.
    hook_queue_ok(next: Next, connection: HarakaConnection) {
      const notes = connection.transaction ? parleyNotesOf(connection.transaction.notes) : null;
      if (!onBouncePort(connection) && notes && !notes.duplicate)
        reports().report({ messageId: notes.messageId, kind: 'queued' });
      next();
    },

    hook_get_mx(next: Next, hmail: HarakaHmail, domain: string) {
      delivery.getMx(next, hmail, domain);
    },

    hook_delivered(next: Next, hmail: HarakaHmail, params: unknown[]) {
      delivery.delivered(next, hmail, params);
    },

    hook_deferred(next: Next, hmail: HarakaHmail, info: { err?: unknown }) {
      delivery.deferred(next, hmail, info);
    },

    hook_bounce(next: Next, hmail: HarakaHmail, err: unknown) {
      delivery.bounce(next, hmail, err);
    },

    shutdown() {
      queue?.stop();
    },
  };
}
