import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type MAIL_EVENT_KINDS, mailEdgeEventSchema } from '@parley/shared';
import type { z } from 'zod';
import { type ParleyClient, ParleyUnreachable } from './parley-client.js';

export type MailEvent = z.input<typeof mailEdgeEventSchema>;
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];

/** A remote reply fit for the log: no control characters, at most 1000 characters. */
export function reasonText(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
    .replace(/[\x00-\x1f\x7f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return text ? text.slice(0, 1000) : null;
}

/**
 * Delivery reports that must reach Parley. Each is written to `dir` before it is sent
 * and removed once Parley takes it, so one Parley did not take (down, slow) is sent
 * again every `retryMs`, after a restart too. A report Parley refuses as wrong (4xx)
 * is dropped: asking again would not change the answer.
 */
export function reportQueue(opts: {
  dir: string;
  client: ParleyClient;
  retryMs: number;
  log: (line: string) => void;
}) {
  fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const inFlight = new Set<string>();

  async function deliver(file: string): Promise<void> {
    if (inFlight.has(file)) return;
    inFlight.add(file);
    try {
      const full = path.join(opts.dir, file);
      let event: MailEvent;
      try {
        event = mailEdgeEventSchema.parse(JSON.parse(fs.readFileSync(full, 'utf8')));
      } catch {
        opts.log(`report ${file}: unreadable, removed`);
        fs.rmSync(full, { force: true });
        return;
      }
      try {
        await opts.client.event(event);
        fs.rmSync(full, { force: true });
      } catch (err) {
        const status = err instanceof ParleyUnreachable ? err.status : undefined;
        // Dropped only when Parley says the report itself is wrong; a refused secret or a
        // missing route (a rotation, a misconfiguration) keeps every report for later.
        if (status === 400 || status === 422) {
          opts.log(`report ${file}: refused by Parley (HTTP ${status}), dropped`);
          fs.rmSync(full, { force: true });
        } else if (status === 401 || status === 403)
          opts.log(
            `report ${file}: Parley refuses the edge (HTTP ${status}): check MAIL_EDGE_SECRET; kept`,
          );
        else opts.log(`report ${file}: kept for a retry (${(err as Error).message})`);
      }
    } finally {
      inFlight.delete(file);
    }
  }

  /** Everything still waiting, oldest first (names start with the time written). */
  async function retryAll(): Promise<void> {
    const files = fs
      .readdirSync(opts.dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort();
    for (const file of files) await deliver(file);
  }

  const timer = setInterval(() => void retryAll().catch(() => {}), opts.retryMs);
  timer.unref();
  void retryAll().catch(() => {});

  return {
    /** Keeps the report on disk, then sends it; resolves once it is safe on disk. */
    report(event: MailEvent): void {
      const parsed = mailEdgeEventSchema.parse({ ...event, reason: reasonText(event.reason) });
      const name = `${Date.now().toString().padStart(15, '0')}-${randomUUID()}.json`;
      const tmp = path.join(opts.dir, `.${name}`);
      fs.writeFileSync(tmp, JSON.stringify(parsed), { mode: 0o600 });
      fs.renameSync(tmp, path.join(opts.dir, name));
      void deliver(name);
    },
    retryAll,
    stop: () => clearInterval(timer),
  };
}
export type ReportQueue = ReturnType<typeof reportQueue>;
