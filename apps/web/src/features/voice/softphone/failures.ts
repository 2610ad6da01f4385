import type { EndEvent } from 'jssip/lib/RTCSession';
import type { Failure, FailureKind } from './types';

// JsSIP's cause strings (lib/Constants.js causes), in the few words the page shows.
const KINDS: Record<string, FailureKind> = {
  'Authentication Error': 'auth',
  'Connection Error': 'network',
  'Request Timeout': 'timeout',
  Busy: 'busy',
  Rejected: 'rejected',
  'Not Found': 'notFound',
  'Address Incomplete': 'notFound',
  Unavailable: 'unavailable',
  'No Answer': 'noAnswer',
  Expires: 'noAnswer',
  'User Denied Media Access': 'microphone',
  'WebRTC Error': 'media',
  'Incompatible SDP': 'media',
  'Missing SDP': 'media',
  'Bad Media Description': 'media',
  'RTP Timeout': 'media',
};

export function failureOf(cause: string | undefined, message?: unknown): Failure {
  const status =
    message && typeof message === 'object' && 'status_code' in message
      ? Number(message.status_code)
      : null;
  return { kind: KINDS[cause ?? ''] ?? 'other', code: status && status >= 300 ? status : null };
}

/** An end nobody needs telling about: hung up, cancelled, or declined here. */
export const isNormalEnd = (e: EndEvent) =>
  e.cause === 'Terminated' ||
  e.cause === 'Canceled' ||
  (e.originator === 'local' && e.cause === 'Rejected');
