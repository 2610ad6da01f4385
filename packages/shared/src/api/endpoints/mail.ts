import {
  createdMailCredentialSchema,
  mailCredentialInputSchema,
  mailCredentialsSchema,
  mailDomainInputSchema,
  mailDomainSchema,
  mailDomainsSchema,
  mailIdParamsSchema,
  mailMessagesQuerySchema,
  mailMessagesSchema,
  mailOverviewSchema,
  suppressionsQuerySchema,
  suppressionsSchema,
} from '../../contracts/mail.js';
import {
  mailEdgeAcceptAnswerSchema,
  mailEdgeAcceptSchema,
  mailEdgeAckSchema,
  mailEdgeAuthAnswerSchema,
  mailEdgeAuthSchema,
  mailEdgeCheckAnswerSchema,
  mailEdgeEventSchema,
  mailEdgeRecipientSchema,
  mailEdgeSenderSchema,
} from '../../contracts/mail-edge.js';
import { refusals } from './errors.js';

const KEYED = ['UNAUTHORIZED', 'API_KEY_SCOPE'] as const;

/** SMTP packages (decision 0069): the customer's relay, and the mail edge's questions. */
export const mailEndpoints = {
  'mail.overview': {
    summary: 'Where to connect, and what the SMTP package gives and has used this period',
    responses: { 200: mailOverviewSchema, ...refusals(...KEYED) },
  },
  'mail.credentials': {
    summary: "The customer's SMTP users (never their passwords)",
    responses: { 200: mailCredentialsSchema, ...refusals(...KEYED) },
  },
  'mail.createCredential': {
    summary: 'Make an SMTP user: its password is in this answer only',
    body: mailCredentialInputSchema,
    responses: {
      201: createdMailCredentialSchema,
      ...refusals('VALIDATION_FAILED', ...KEYED, 'MAIL_PACKAGE_REQUIRED', 'MAIL_LIMIT'),
    },
  },
  'mail.removeCredential': {
    summary: 'Remove an SMTP user: it cannot sign in from then on',
    params: mailIdParamsSchema,
    responses: { 204: null, ...refusals(...KEYED, 'NOT_FOUND') },
  },
  'mail.domains': {
    summary: 'Sending domains with the DNS records to publish and what the last check found',
    responses: { 200: mailDomainsSchema, ...refusals(...KEYED) },
  },
  'mail.addDomain': {
    summary: 'Add a sending domain: answers the SPF, DKIM and return-path records to publish',
    body: mailDomainInputSchema,
    responses: {
      201: mailDomainSchema,
      ...refusals('VALIDATION_FAILED', ...KEYED, 'MAIL_PACKAGE_REQUIRED', 'MAIL_LIMIT'),
    },
  },
  'mail.verifyDomain': {
    summary: "Read the domain's records through DNS; verified once all three are right",
    params: mailIdParamsSchema,
    responses: {
      200: mailDomainSchema,
      ...refusals('VALIDATION_FAILED', ...KEYED, 'NOT_FOUND', 'RATE_LIMITED'),
    },
  },
  'mail.removeDomain': {
    summary: 'Remove a sending domain: mail from it is refused from then on',
    params: mailIdParamsSchema,
    responses: { 204: null, ...refusals(...KEYED, 'NOT_FOUND') },
  },
  'mail.suppressions': {
    summary: 'Addresses mail is no longer sent to (hard bounces, complaints), newest first',
    query: suppressionsQuerySchema,
    responses: { 200: suppressionsSchema, ...refusals('VALIDATION_FAILED', ...KEYED) },
  },
  'mail.removeSuppression': {
    summary: 'Send to an address again',
    params: mailIdParamsSchema,
    responses: { 204: null, ...refusals(...KEYED, 'NOT_FOUND') },
  },
  'mail.messages': {
    summary: 'The delivery log: each message with its recipients’ states, newest first',
    query: mailMessagesQuerySchema,
    responses: { 200: mailMessagesSchema, ...refusals('VALIDATION_FAILED', ...KEYED) },
  },
  'mail.edge.auth': {
    summary: 'Edge: check an SMTP user’s password (AUTH over TLS)',
    body: mailEdgeAuthSchema,
    responses: { 200: mailEdgeAuthAnswerSchema },
  },
  'mail.edge.sender': {
    summary: 'Edge: may this user send from this address (a verified domain of theirs)?',
    body: mailEdgeSenderSchema,
    responses: { 200: mailEdgeCheckAnswerSchema },
  },
  'mail.edge.recipient': {
    summary: 'Edge: may mail go to this address (not suppressed, limits not reached)?',
    body: mailEdgeRecipientSchema,
    responses: { 200: mailEdgeCheckAnswerSchema },
  },
  'mail.edge.accept': {
    summary: 'Edge: meter and record a message once; answers its return path and DKIM key',
    body: mailEdgeAcceptSchema,
    responses: { 200: mailEdgeAcceptAnswerSchema },
  },
  'mail.edge.event': {
    summary: 'Edge: a recipient’s delivery outcome (delivered, deferred, bounced, complained)',
    body: mailEdgeEventSchema,
    responses: { 200: mailEdgeAckSchema },
  },
} as const;
