import {
  type AdminTrunk,
  type Trunk,
  type TrunkAuthMethod,
  type TrunkCodec,
  trunkChannelLimit,
} from '@parley/shared';
import type { SipTrunkRepo } from './sip-trunk.repo.js';

export type TrunkRead = NonNullable<Awaited<ReturnType<SipTrunkRepo['one']>>>;
type Numbers = { id: string; number: string; trunkId: string | null }[];

/** The most channels a trunk's package allows (the operator's maximum for "Unlimited"). */
export const packageMax = (t: TrunkRead['trunk'], operatorMax: number) =>
  trunkChannelLimit({ packageChannels: t.packageChannels, channels: null }, operatorMax);

/** A trunk as its owner sees it: settings, credentials, numbers and today's figures. */
export function trunkView(
  row: TrunkRead,
  ctx: {
    numbers: Numbers;
    stats: Trunk['stats'];
    maxChannels: number;
    domain: string;
    password: (boxed: string | null) => string;
  },
): Trunk {
  const t = row.trunk;
  return {
    id: t.id,
    name: row.name,
    status: row.status as Trunk['status'],
    channels: trunkChannelLimit(t, ctx.maxChannels),
    maxChannels: packageMax(t, ctx.maxChannels),
    authMethod: t.authMethod as TrunkAuthMethod,
    codec: t.codec as TrunkCodec,
    allowedIps: row.addresses,
    username: t.username ?? '',
    password: ctx.password(t.passwordBox),
    domain: t.domain ?? ctx.domain,
    callerId: t.callerId,
    inboundHost: t.inboundHost,
    failoverHost: t.failoverHost,
    failover: row.failover,
    analytics: row.analytics,
    numbers: ctx.numbers
      .filter((n) => n.trunkId === t.id)
      .map(({ id, number }) => ({ id, number })),
    stats: ctx.stats,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** A trunk in the admin panel's list. */
export function adminTrunkView(
  r: TrunkRead & { email: string },
  stats: Trunk['stats'],
  operatorMax: number,
): AdminTrunk {
  return {
    id: r.trunk.id,
    userId: r.trunk.userId,
    email: r.email,
    name: r.name,
    status: r.status as AdminTrunk['status'],
    channels: trunkChannelLimit(r.trunk, operatorMax),
    authMethod: r.trunk.authMethod as TrunkAuthMethod,
    codec: r.trunk.codec as TrunkCodec,
    username: r.trunk.username ?? '',
    failover: r.failover,
    addresses: r.addresses.length,
    stats,
  };
}
