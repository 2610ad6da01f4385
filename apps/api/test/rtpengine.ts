import { type NgDictionary, ngCommand } from '../src/integrations/voice/rtpengine-ng.js';

/** rtpengine's `query` of one call: its answer's dictionary. */
export const rtpengineQuery = (control: { address: string; port: number }, callId: string) =>
  ngCommand(control, { command: 'query', 'call-id': callId });

/** RTP packets rtpengine received from each side of a call, by the side's tag. */
export function packetsByTag(answer: NgDictionary): Record<string, number> {
  const tags = (answer.tags ?? {}) as Record<
    string,
    { medias?: { streams?: { stats?: { packets?: number } }[] }[] }
  >;
  const out: Record<string, number> = {};
  for (const [tag, t] of Object.entries(tags))
    out[tag] = (t.medias ?? [])
      .flatMap((m) => m.streams ?? [])
      .reduce((n, s) => n + (s.stats?.packets ?? 0), 0);
  return out;
}
