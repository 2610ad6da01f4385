import { randomInt } from 'node:crypto';
import {
  type AdminTrunk,
  CALLS_EXPORT_MAX_ROWS,
  e164,
  fieldText,
  type Trunk,
  type Trunks,
  toCsv,
  type trunkUpdateSchema,
  utcDayStart,
} from '@parley/shared';
import type { z } from 'zod';
import type { SipTrunkConfig } from '../../config/sip-trunk-config.js';
import type { VoiceConfig } from '../../config/voice-config.js';
import { AppError } from '../../lib/app-error.js';
import { toCall } from '../../lib/call-view.js';
import type { SecretBox } from '../auth/secret-box.js';
import { digestHashes, newSipPassword } from '../voice/sip-accounts.service.js';
import { CALLS_CSV_COLUMNS, callCsvRow } from '../voice-monitoring/call-view.js';
import type { SipTrunkRepo } from './sip-trunk.repo.js';
import { destinationProblem, readAddresses, takenProblems, trunkStats } from './trunk-rules.js';
import { adminTrunkView, packageMax, type TrunkRead, trunkView } from './trunk-view.js';

type TrunkUpdateInput = z.output<typeof trunkUpdateSchema>;

const notFound = () => new AppError('NOT_FOUND', 'No such trunk.');
const invalid = (fields: ConstructorParameters<typeof AppError>[2]) =>
  new AppError('VALIDATION_FAILED', 'Some of the trunk settings cannot be used.', fields);
const field = (
  path: string,
  code: 'TRUNK_CALLER_ID_NOT_OWNED' | 'TRUNK_CHANNELS_OVER_PACKAGE',
  params?: Record<string, number>,
) => ({
  path,
  code,
  message: fieldText({ code, params }),
  ...(params ? { params } : {}),
});

/** What is wrong with a trunk's new settings, before other trunks' claims are read. */
async function judged(
  input: TrunkUpdateInput,
  ctx: { max: number; config: SipTrunkConfig; callerIds: () => Promise<string[]> },
) {
  const texts = input.authMethod === 'ip' ? input.allowedIps : [];
  const { networks, problems } = readAddresses(texts, ctx.config);
  if (input.channels > ctx.max)
    problems.push(field('body.channels', 'TRUNK_CHANNELS_OVER_PACKAGE', { max: ctx.max }));
  const callerId = input.callerId ? e164(input.callerId) : null;
  if (callerId && !(await ctx.callerIds()).includes(callerId))
    problems.push(field('body.callerId', 'TRUNK_CALLER_ID_NOT_OWNED'));
  for (const key of ['inboundHost', 'failoverHost'] as const) {
    const host = input[key];
    const code = host ? destinationProblem(host, ctx.config) : null;
    if (code) problems.push({ path: `body.${key}`, code, message: fieldText({ code }) });
  }
  return { texts, networks, callerId, problems };
}

/** A customer's SIP trunks: credentials made on first read, settings, numbers, figures. */
export function createSipTrunkService(deps: {
  repo: SipTrunkRepo;
  box: SecretBox;
  config: SipTrunkConfig;
  voice: Pick<VoiceConfig, 'domain' | 'ports'>;
  /** Tells the edge to read the trunks' sources again (after a change). */
  reloadSources: () => Promise<boolean>;
  now?: () => Date;
}) {
  const { repo, box, config } = deps;
  const now = deps.now ?? (() => new Date());
  const maxOf = (t: TrunkRead['trunk']) => packageMax(t, config.maxChannels);

  const viewing = {
    maxChannels: config.maxChannels,
    domain: deps.voice.domain,
    password: (boxed: string | null) => (boxed && box.open(boxed)) || '',
  };

  const sealed = (username: string, password: string) => ({
    ...digestHashes(username, deps.voice.domain, password),
    passwordBox: box.seal(password),
  });

  /** Gives a trunk its username and password the first time it is read. */
  async function withCredentials(row: TrunkRead, reread: () => Promise<TrunkRead | null>) {
    if (row.trunk.username) return row;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const username = `t${randomInt(100_000_000, 1_000_000_000)}`;
      const set = await repo.setFirstCredentials(row.trunk.id, {
        username,
        domain: deps.voice.domain,
        ...sealed(username, newSipPassword()),
      });
      if (set) break;
    }
    const again = await reread();
    if (!again?.trunk.username) throw new Error(`trunk ${row.trunk.id} has no credentials`);
    return again;
  }

  /** Today's figures of these trunks; quality only where the Analytics add-on gives it
   * (admins see it everywhere). */
  async function statsOf(rows: TrunkRead[], everything = false) {
    const figures = await repo.figures(
      rows.map((r) => r.trunk.id),
      utcDayStart(now()),
    );
    const none = { channelsInUse: 0, callsToday: 0, answeredToday: 0, talkSecondsToday: 0 };
    return (r: TrunkRead) => trunkStats(figures.get(r.trunk.id) ?? none, everything || r.analytics);
  }

  async function owned(userId: string, id: string): Promise<TrunkRead> {
    const row = await repo.one(userId, id);
    if (!row) throw notFound();
    return withCredentials(row, () => repo.one(userId, id));
  }

  return {
    async list(userId: string): Promise<Trunks> {
      const rows = await Promise.all(
        (await repo.ofUser(userId)).map((r) =>
          withCredentials(r, () => repo.one(userId, r.trunk.id)),
        ),
      );
      const numbers = await repo.numbers(userId);
      const stats = await statsOf(rows);
      return {
        items: rows.map((r) => trunkView(r, { numbers, stats: stats(r), ...viewing })),
        numbers,
        callerIds: [...new Set(await repo.callerIds(userId))],
        edge: { domain: deps.voice.domain, ...deps.voice.ports },
      };
    },

    async update(userId: string, id: string, input: TrunkUpdateInput): Promise<Trunk> {
      const row = await owned(userId, id);
      const max = maxOf(row.trunk);
      const callerIds = () => repo.callerIds(userId);
      const { texts, networks, callerId, problems } = await judged(input, {
        max,
        config,
        callerIds,
      });
      if (problems.length === 0)
        problems.push(...takenProblems(networks, texts, await repo.takenBy(id, networks)));
      if (problems.length > 0) throw invalid(problems);
      const changes = {
        authMethod: input.authMethod,
        channels: input.channels >= max ? null : input.channels,
        codec: input.codec,
        callerId,
        inboundHost: input.inboundHost || null,
        failoverHost: input.failoverHost || null,
      };
      const saved = await repo.save(id, changes, networks, now());
      if (saved === 'taken') {
        const taken = takenProblems(networks, texts, await repo.takenBy(id, networks));
        // Another save of this same trunk won the race: nothing to point at.
        if (taken.length === 0)
          throw new AppError('CONFLICT', 'The trunk changed meanwhile: load it again and retry.');
        throw invalid(taken);
      }
      const sourcesChanged =
        input.authMethod !== row.trunk.authMethod || networks.join() !== row.addresses.join();
      // The edge reads sources when told; it also re-reads them on its own every minute.
      if (sourcesChanged) await deps.reloadSources();
      const numbers = await repo.numbers(userId);
      const fresh = await owned(userId, id);
      return trunkView(fresh, { numbers, stats: (await statsOf([fresh]))(fresh), ...viewing });
    },

    async newPassword(userId: string, id: string) {
      const row = await owned(userId, id);
      const password = newSipPassword();
      await repo.setPassword(id, sealed(row.trunk.username ?? '', password));
      return { password };
    },

    /** The trunk's calls of the last 31 days as CSV: what its Analytics add-on gives. */
    async exportCalls(userId: string, id: string) {
      const row = await owned(userId, id);
      if (!row.analytics)
        throw new AppError(
          'TRUNK_ADDON_REQUIRED',
          "The Analytics add-on gives this trunk's call records: buy it for the trunk first.",
        );
      const at = now();
      const since = new Date(utcDayStart(at).getTime() - 30 * 86_400_000);
      const rows = await repo.callsSince(id, since, CALLS_EXPORT_MAX_ROWS);
      const csv = toCsv([[...CALLS_CSV_COLUMNS], ...rows.map((r) => callCsvRow(toCall(r)))]);
      return {
        filename: `trunk-${row.trunk.username}-calls-${at.toISOString().slice(0, 10)}.csv`,
        csv,
      };
    },

    async routeNumber(userId: string, numberId: string, trunkId: string | null) {
      if (!(await repo.routeNumber(userId, numberId, trunkId)))
        throw new AppError('NOT_FOUND', 'No such number or trunk.');
    },

    async adminList(): Promise<{ items: AdminTrunk[] }> {
      const rows = await repo.all();
      const stats = await statsOf(rows, true);
      return {
        items: rows.map((r) => adminTrunkView(r, stats(r), config.maxChannels)),
      };
    },
  };
}
export type SipTrunkService = ReturnType<typeof createSipTrunkService>;
