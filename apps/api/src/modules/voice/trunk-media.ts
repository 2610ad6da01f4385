import { TRUNK_CODECS, type TrunkCodec, trunkCodecOrder } from '@parley/shared';

/**
 * rtpengine's flags (Kamailio's rtpengine module syntax) for the SDP offer sent on a
 * trunk's far leg: every codec stripped, then the trunk's allowed ones offered back in
 * its order of preference, DTMF events last. `codec-offer` lists the codecs in the order
 * given (`codec-except` would keep the caller's order); a codec the caller did not offer
 * is not added (no transcoding).
 */
export function trunkMediaFlags(codec: string): string {
  const chosen: TrunkCodec = (TRUNK_CODECS as readonly string[]).includes(codec)
    ? (codec as TrunkCodec)
    : 'g711';
  const offer = [...trunkCodecOrder(chosen), 'telephone-event'];
  return ['codec-strip=all', ...offer.map((name) => `codec-offer=${name}`)].join(' ');
}
