/**
 * A query that reloads every `ms` while its tab is in front and never in the background
 * (the admin panel's lists and figures, SIP monitoring). `false` stops it.
 */
export const pollWhileSeen = (ms: number | false) =>
  ({ refetchInterval: ms, refetchIntervalInBackground: false }) as const;
