export type DialerState = 'stopped' | 'running' | 'paused';
export type DialerAction = 'start' | 'pause' | 'stop';

/** Start from stopped or paused; Pause only while running; Stop unless already stopped. */
export function canDo(action: DialerAction, state: DialerState): boolean {
  if (action === 'start') return state !== 'running';
  if (action === 'pause') return state === 'running';
  return state !== 'stopped';
}

export const NEXT_STATE: Record<DialerAction, DialerState> = {
  start: 'running',
  pause: 'paused',
  stop: 'stopped',
};

/** The campaigns the dialer works through, as far as this demo needs them. */
export interface DialledCampaign {
  id: string;
  status: 'active' | 'paused';
  leads: number;
  dialled: number;
}

/**
 * The dialer and its campaigns, kept in step: a campaign shows Active only while the
 * dialer runs, and the dialer runs only while a campaign is active. `queued` holds the
 * campaigns that Start resumes (those the dialer paused when it was paused or stopped).
 */
export interface DialerDemo<C extends DialledCampaign> {
  state: DialerState;
  campaigns: C[];
  queued: string[];
}

const withStatus = <C extends DialledCampaign>(c: C, status: C['status']): C => ({ ...c, status });

/** The demo at rest: the dialer stopped, every campaign paused, the active ones queued. */
export function restingDemo<C extends DialledCampaign>(campaigns: C[]): DialerDemo<C> {
  return {
    state: 'stopped',
    campaigns: campaigns.map((c) => withStatus(c, 'paused')),
    queued: campaigns.filter((c) => c.status === 'active').map((c) => c.id),
  };
}

/**
 * Start resumes the queued campaigns (every unfinished one when none is queued); Pause and
 * Stop pause the active ones and queue them for the next Start.
 */
export function applyDialerAction<C extends DialledCampaign>(
  demo: DialerDemo<C>,
  action: DialerAction,
): DialerDemo<C> {
  if (!canDo(action, demo.state)) return demo;
  if (action === 'start') {
    const queued = demo.queued.length
      ? demo.queued
      : demo.campaigns.filter((c) => c.dialled < c.leads).map((c) => c.id);
    if (!queued.length) return demo;
    return {
      state: 'running',
      campaigns: demo.campaigns.map((c) => (queued.includes(c.id) ? withStatus(c, 'active') : c)),
      queued: [],
    };
  }
  const active = demo.campaigns.filter((c) => c.status === 'active').map((c) => c.id);
  return {
    state: NEXT_STATE[action],
    campaigns: demo.campaigns.map((c) => withStatus(c, 'paused')),
    queued: active.length ? active : demo.queued,
  };
}

/**
 * A campaign's own Pause or Resume. Resuming one starts the dialer; pausing the last
 * active one pauses it (and a later Start resumes that campaign).
 */
export function toggleCampaign<C extends DialledCampaign>(
  demo: DialerDemo<C>,
  id: string,
): DialerDemo<C> {
  const target = demo.campaigns.find((c) => c.id === id);
  if (!target) return demo;
  if (target.status === 'paused')
    return {
      state: 'running',
      campaigns: demo.campaigns.map((c) => (c.id === id ? withStatus(c, 'active') : c)),
      queued: demo.state === 'running' ? demo.queued : [],
    };
  const campaigns = demo.campaigns.map((c) => (c.id === id ? withStatus(c, 'paused') : c));
  const stillActive = campaigns.some((c) => c.status === 'active');
  return stillActive ? { ...demo, campaigns } : { state: 'paused', campaigns, queued: [id] };
}
