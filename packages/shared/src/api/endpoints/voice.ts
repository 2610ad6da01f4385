import { idParamsSchema } from '../../contracts/catalogue.js';
import {
  adminCallSchema,
  adminCallsQuerySchema,
  adminCallsSchema,
  callerIdsSchema,
  callHistoryQuerySchema,
  callHistorySchema,
  callInputSchema,
  callQuoteQuerySchema,
  callQuoteSchema,
  callSchema,
  placedCallSchema,
  sandboxVerificationsSchema,
  sipAccountSchema,
  verifyConfirmSchema,
  verifyStartedSchema,
  verifyStartSchema,
  voiceStatusSchema,
} from '../../contracts/voice.js';
import {
  edgeAckSchema,
  edgeAuthoriseSchema,
  edgeDecisionSchema,
  edgeEndSchema,
  edgeInboundDecisionSchema,
  edgeInboundSchema,
  edgeProgressSchema,
} from '../../contracts/voice-edge.js';
import { ofUser } from './admin-lists.js';
import { refusals } from './errors.js';

/** Calls from the web, the SIP account, caller IDs; the admins' calls; the SIP edge. */
export const voiceEndpoints = {
  'voice.call': {
    summary: 'Place a call from the web: authorised, held against the balance, then dialled',
    body: callInputSchema,
    idempotent: 'hold',
    responses: { 201: placedCallSchema },
  },
  'voice.hangup': {
    summary: 'Hang up one of your calls (a finished call is answered as it is)',
    params: idParamsSchema,
    responses: { 200: callSchema },
  },
  'voice.history': {
    summary: "The customer's calls, newest first",
    query: callHistoryQuerySchema,
    responses: { 200: callHistorySchema },
  },
  'voice.quote': {
    summary: 'The price per minute and the longest call possible now, for a destination',
    query: callQuoteQuerySchema,
    responses: { 200: callQuoteSchema },
  },
  'voice.status': {
    summary: "The voice gateway's state as the calling screen shows it",
    responses: { 200: voiceStatusSchema },
  },
  'voice.account': {
    summary: "The customer's SIP account: username, password, server and ports",
    responses: { 200: sipAccountSchema },
  },
  'voice.regeneratePassword': {
    summary: 'Replace the SIP password; the old one stops working at once',
    responses: { 200: sipAccountSchema },
  },
  'voice.callerIds': {
    summary: 'The caller IDs the customer may use: their numbers and verified ones',
    responses: { 200: callerIdsSchema },
  },
  'voice.verifyStart': {
    summary:
      'Send a 6-digit code by SMS to a number to use as caller ID (where a paid SMS could go)',
    body: verifyStartSchema,
    responses: {
      201: verifyStartedSchema,
      ...refusals(
        'UNAUTHORIZED',
        'VALIDATION_FAILED',
        'INVALID_NUMBER',
        'INSUFFICIENT_BALANCE',
        'PREMIUM_RATE_DESTINATION',
        'SHARED_COST_DESTINATION',
        'DESTINATION_NOT_SUPPORTED',
        'RATE_LIMITED',
        'VERIFICATION_RATE_LIMITED',
        'VERIFICATION_NUMBER_LIMITED',
        'VERIFICATION_BUSY',
        'SERVICE_UNAVAILABLE',
      ),
    },
  },
  'voice.verifyConfirm': {
    summary: 'Confirm a caller ID with the code it received',
    body: verifyConfirmSchema,
    responses: { 200: callerIdsSchema },
  },
  'voice.admin.calls': {
    summary: "Every customer's calls, or only those in progress",
    query: adminCallsQuerySchema,
    responses: { 200: adminCallsSchema },
  },
  'voice.admin.hangup': {
    summary: 'End a call in progress (billed for the time it ran)',
    params: idParamsSchema,
    responses: { 200: adminCallSchema },
  },
  'voice.admin.status': {
    summary: "The voice gateway's mode and state",
    responses: { 200: voiceStatusSchema },
  },
  'voice.admin.verifications': {
    summary: 'Sandbox only: the caller ID codes waiting, so a tester can read them',
    responses: { 200: sandboxVerificationsSchema },
  },
  'voice.edge.authorise': {
    summary: 'Edge: may this call start? Allow with rate and maximum seconds, or deny',
    body: edgeAuthoriseSchema,
    responses: { 200: edgeDecisionSchema },
  },
  'voice.edge.inbound': {
    summary: "Edge: the trunk rings a number; whose phones ring, or the SIP answer when nobody's",
    body: edgeInboundSchema,
    responses: { 200: edgeInboundDecisionSchema },
  },
  'voice.edge.progress': {
    summary: 'Edge: the call rings, or was answered',
    body: edgeProgressSchema,
    responses: { 200: edgeAckSchema },
  },
  'voice.edge.end': {
    summary: 'Edge: the call ended; it is billed once, however often this is sent',
    body: edgeEndSchema,
    responses: { 200: edgeAckSchema },
  },
  'voice.admin.forUser': ofUser(
    "A user's calls, newest first",
    callHistoryQuerySchema,
    callHistorySchema,
  ),
} as const;
