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
