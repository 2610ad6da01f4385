import type { ErrorCode } from '@parley/shared';

/** The SMPP v3.4 command statuses Parley's server answers (section 5.1.3). */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVESMCLASS: 0x43,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RINVDSTTON: 0x50,
  ESME_RTHROTTLED: 0x58,
  ESME_RINVSCHED: 0x61,
} as const;
export type SmppStatus = (typeof SMPP_STATUS)[keyof typeof SMPP_STATUS];

/**
 * The status a refused submit_sm answers for each refusal of the send path. Anything
 * not listed (credit, spending limits, guardrails) is ESME_RSUBMITFAIL, its code logged.
 */
const BY_CODE: Partial<Record<ErrorCode, SmppStatus>> = {
  INVALID_NUMBER: SMPP_STATUS.ESME_RINVDSTADR,
  DESTINATION_NOT_SUPPORTED: SMPP_STATUS.ESME_RINVDSTADR,
  PREMIUM_RATE_DESTINATION: SMPP_STATUS.ESME_RINVDSTADR,
  SHARED_COST_DESTINATION: SMPP_STATUS.ESME_RINVDSTADR,
  SMS_RATE_LIMITED: SMPP_STATUS.ESME_RTHROTTLED,
  SMS_BATCH_OVER_RATE_LIMIT: SMPP_STATUS.ESME_RTHROTTLED,
};

export function statusForCode(code: string): SmppStatus {
  return BY_CODE[code as ErrorCode] ?? SMPP_STATUS.ESME_RSUBMITFAIL;
}

/** The field of a refused send that names a part of the submit_sm. */
export function statusForField(path: string): SmppStatus {
  if (path.endsWith('senderId')) return SMPP_STATUS.ESME_RINVSRCADR;
  if (path.endsWith('recipient')) return SMPP_STATUS.ESME_RINVDSTADR;
  if (path.endsWith('message')) return SMPP_STATUS.ESME_RINVMSGLEN;
  return SMPP_STATUS.ESME_RSUBMITFAIL;
}
